import { dismissToast, useToasts } from '../lib/notify';

export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast-${item.tone}`} onClick={() => dismissToast(item.id)}>
          {item.text}
        </div>
      ))}
    </div>
  );
}
