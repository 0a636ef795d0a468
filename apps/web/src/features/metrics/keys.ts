/**
 * Query keys of the chart screens. Every key ends with the window (and filters), so a live window
 * moving on, a new range or a new step is a new query; `metricsKeys.all` refreshes them all.
 */
export const metricsKeys = {
  all: ['metrics'] as const,
  station: (slug: string) => [...metricsKeys.all, 'station', slug] as const,
  overview: (slug: string) => [...metricsKeys.station(slug), 'overview'] as const,
  sales: (slug: string) => [...metricsKeys.station(slug), 'sales'] as const,
  series: (slug: string) => [...metricsKeys.station(slug), 'metrics'] as const,
  congestion: (slug: string) => [...metricsKeys.station(slug), 'congestion'] as const,
  /** Under `congestion`, so invalidating the congestion screen refreshes its sample list too. */
  congestionSamples: (slug: string) => [...metricsKeys.congestion(slug), 'samples'] as const,
  command: () => [...metricsKeys.all, 'command'] as const,
};
