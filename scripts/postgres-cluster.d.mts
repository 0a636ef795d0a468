export function startPostgres(): Promise<{ url: string; stop: () => void }>;
