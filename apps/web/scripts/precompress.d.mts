import type { Plugin } from 'vite';

export function precompressDir(dir: string): { files: number; bytes: number; brotli: number; gzip: number };
export function precompressAssets(): Plugin;
