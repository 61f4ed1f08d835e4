import { Spinner } from './States';

interface Props {
  /** The frame class and test id of the page the gate stands in for, so it sits where the page will. */
  className: string;
  testId: string;
  markets: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The page's own words: the markets could not load, none is open for this product, retry. */
  text: { loadError: string; noMarkets: string; retry: string };
  emptyTestId?: string;
}

/**
 * A trading screen before it has a pair: a spinner while the markets load, then why there is none, with a
 * retry when loading failed.
 */
export function MarketsGate({ className, testId, markets, text, emptyTestId }: Props) {
  return (
    <div className={className} data-testid={testId}>
      {markets.isPending ? (
        <Spinner />
      ) : (
        <div className="empty" data-testid={emptyTestId}>
          {markets.isError ? text.loadError : text.noMarkets}
          {markets.isError && (
            <div>
              <button
                type="button"
                className="btn btn-sm btn-ghost gate-retry"
                onClick={() => void markets.refetch()}
              >
                {text.retry}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
