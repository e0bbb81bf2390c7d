/**
 * The longest chain of requests each sent once the answer to the one before it had arrived: how many round
 * trips a step waits for, whatever ran in parallel beside them. Times are in one clock, any unit.
 */
export interface Span {
  start: number;
  end: number;
}

export function sequentialCount(spans: readonly Span[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let before = 0;
    for (let j = 0; j < i; j++) if (sorted[j].end <= sorted[i].start) before = Math.max(before, depth[j]);
    depth.push(before + 1);
  }
  return Math.max(0, ...depth);
}
