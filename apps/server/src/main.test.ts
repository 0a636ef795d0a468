import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Starts the real server process (no demo seed, empty SQLite) and waits for its banner. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      INIT_CWD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited early (${code}):\n${output}`)));
  });
}

describe('main process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, serves, logs JSON, and stops cleanly on SIGTERM', async () => {
    const server = await startServer(dataDir);
    const health = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(logLines.some((line) => line.msg === 'migrations applied')).toBe(true);
    expect(logLines.some((line) => line.msg === 'stopped cleanly')).toBe(true);
    // Starting a process (TypeScript loader, migrations) takes a while on a busy machine.
  }, 120_000);
});
