export type EngineViolation = {
  path: string;
  version: string;
  engines: string;
  rejected: string[];
  dev: boolean;
};
export function probeVersions(declared: string, current?: string): string[];
export function engineViolations(
  lock: { packages?: Record<string, Record<string, unknown>> },
  declared: string,
  options?: { includeDev?: boolean; current?: string },
): EngineViolation[];
export function readRepo(): { declared: string; lock: { packages: Record<string, Record<string, unknown>> } };
