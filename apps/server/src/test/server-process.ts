import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** A real Forecourt server process (src/main.ts) started by a test, listening on loopback. */
export type ServerProcess = {
  name: string;
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything it wrote (JSON log lines and the banner). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts `node --import tsx src/main.ts` (or `node <entry>`) with `env` on a free loopback port and resolves once it
 * printed its banner (it has migrated, seeded if asked, and listens). Rejects if it exits first
 * or takes longer than `timeoutMs`.
 */
export function startServerProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
  /** Node's arguments: the TypeScript sources by default, or a compiled bundle's path. */
  entry: string[] = ['--import', 'tsx', 'src/main.ts'],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, entry, {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      INIT_CWD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: Buffer) => {
        output += more.toString();
      });
      resolve({
        name,
        url: match[1].replace('localhost', '127.0.0.1'),
        pid: child.pid as number,
        child,
        output: () => output,
        exited,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited early (${code}):\n${output}`));
    });
  });
}
