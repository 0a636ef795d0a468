import { describe, expect, it } from 'vitest';
import { engineViolations, probeVersions, readRepo } from '../../../scripts/check-engines.mjs';

describe('engines: every locked dependency accepts the Node versions package.json declares', () => {
  it('no production or development dependency rejects a declared Node version', () => {
    const { declared, lock } = readRepo();
    expect(engineViolations(lock, declared, { includeDev: true })).toEqual([]);
  });

  it('probes each alternative of the declared range at its floor, and the running Node inside it', () => {
    expect(probeVersions('^20.19.0 || ^22.13.0 || >=24', 'v21.0.0')).toEqual([
      '20.19.0',
      '22.13.0',
      '24.0.0',
    ]);
    expect(probeVersions('^20.19.0 || >=24', 'v20.20.2')).toEqual(['20.19.0', '24.0.0', '20.20.2']);
  });

  it('flags a package whose engines exclude part of the range (as `npm ci` would warn EBADENGINE)', () => {
    const lock = {
      packages: {
        '': { engines: { node: '^20.19.0' } },
        'node_modules/needs-22': { version: '3.0.0', engines: { node: '>=22' } },
        'node_modules/fine': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/dev-only': { version: '1.0.0', dev: true, engines: { node: '>=24' } },
      },
    };
    expect(engineViolations(lock, '^20.19.0 || >=22.13', { current: 'v22.13.0' })).toEqual([
      { path: 'node_modules/needs-22', version: '3.0.0', engines: '>=22', rejected: ['20.19.0'], dev: false },
    ]);
    expect(
      engineViolations(lock, '^20.19.0 || >=22.13', { includeDev: true, current: 'v22.13.0' }).map(
        (v) => v.path,
      ),
    ).toEqual(['node_modules/needs-22', 'node_modules/dev-only']);
  });
});
