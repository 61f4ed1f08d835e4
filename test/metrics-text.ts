/**
 * Reading Prometheus' text format (what `/metrics` answers) the way a scrape does, for the tests and the spot
 * benchmark: each sample's metric name, labels and value.
 */
export type Labels = Record<string, string>;

export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

/** Every sample of the text; comments (# HELP, # TYPE) skipped. */
export function allSamples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels: Labels = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = value as string;
    return [{ name: match[1] as string, labels, value: Number(match[3]) }];
  });
}

/** The samples of one metric: each label set with its value. */
export function samples(text: string, name: string): { labels: Labels; value: number }[] {
  return allSamples(text)
    .filter((sample) => sample.name === name)
    .map(({ labels, value }) => ({ labels, value }));
}

/** The value of the sample with exactly these labels (0 when there is none yet). */
export function valueOf(text: string, name: string, labels: Labels = {}): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples(text, name).find(
    (sample) => JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  );
  return found?.value ?? 0;
}
