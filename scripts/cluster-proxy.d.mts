export type ProxyStats = { requests: number; upgrades: number[]; retried: number; failed: number };
export type LoopbackProxy = {
  url: string;
  port: number;
  stats: ProxyStats;
  setBackends(backends: string[]): void;
  close(): Promise<void>;
};
export function startProxy(options: {
  backends: string[];
  port?: number;
  host?: string;
}): Promise<LoopbackProxy>;
