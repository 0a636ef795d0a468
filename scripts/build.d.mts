export const SERVER_BUNDLE: string;
export const SERVER_INPUTS: string[];
export const WEB_INPUTS: string[];
export function stampOf(inputs: string[]): string;
export function buildWebIfChanged(options?: { force?: boolean }): boolean;
export function buildServerIfChanged(options?: { force?: boolean; outfile?: string }): Promise<boolean>;
