import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background-tasks';

describe('BackgroundTasks', () => {
  it('runs work after the current turn, logs failures, and drain waits for everything', async () => {
    const errors: unknown[] = [];
    const tasks = new BackgroundTasks({ error: (data) => errors.push(data) });
    const done: string[] = [];
    tasks.run('first', async () => {
      done.push('first');
      tasks.run('nested', async () => {
        done.push('nested');
      });
    });
    tasks.run('broken', async () => {
      throw new Error('boom');
    });
    expect(done).toEqual([]);
    await tasks.drain();
    expect(done).toEqual(['first', 'nested']);
    expect(errors).toEqual([expect.objectContaining({ task: 'broken' })]);
  });
});
