import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { forgetKeptAnswers, keepAnswer, keptAnswer, readKeeping } from './kept-answers';

describe('kept answers (decision 094)', () => {
  it('keeps a user’s answer with its time, apart from another user’s, and forgets all of them', async () => {
    const now = Date.now();
    await keepAnswer(7, 'records:mine:all', { list: [1] }, now - 1_000);
    await keepAnswer(8, 'records:mine:all', { list: [2] }, now);
    expect(await keptAnswer(7, 'records:mine:all')).toEqual({ savedAt: now - 1_000, data: { list: [1] } });
    expect(await keptAnswer(8, 'records:mine:all')).toEqual({ savedAt: now, data: { list: [2] } });
    expect(await keptAnswer(7, 'records:company:all')).toBeNull();
    await forgetKeptAnswers();
    expect(await keptAnswer(7, 'records:mine:all')).toBeNull();
    expect(await keptAnswer(8, 'records:mine:all')).toBeNull();
  });

  it('keeps at most 40, dropping the oldest written', async () => {
    const now = Date.now();
    for (let i = 0; i < 42; i++) await keepAnswer(1, `tab${i}`, i, now);
    expect(await keptAnswer(1, 'tab0')).toBeNull();
    expect(await keptAnswer(1, 'tab1')).toBeNull();
    expect(await keptAnswer(1, 'tab2')).toEqual({ savedAt: now, data: 2 });
    expect(await keptAnswer(1, 'tab41')).toEqual({ savedAt: now, data: 41 });
    await forgetKeptAnswers();
  });

  it('answers the kept copy only when the server cannot be reached, with when it was read', async () => {
    const read = vi.fn(async () => ({ list: ['a'] }));
    expect(await readKeeping(0, 'list', read)).toEqual({ list: ['a'] });
    // Kept in the background (a visitor's under uid 0).
    await vi.waitFor(async () => expect(await keptAnswer(0, 'list')).not.toBeNull());
    read.mockRejectedValueOnce(new ApiError({ code: 0, msg: '请求异常' }));
    const offline = await readKeeping(0, 'list', read);
    expect(offline).toMatchObject({ list: ['a'], keptAt: expect.any(Number) });
    // A refusal is the server's answer: shown, not replaced by the kept copy.
    read.mockRejectedValueOnce(new ApiError({ code: 400, msg: '参数错误' }));
    await expect(readKeeping(0, 'list', read)).rejects.toMatchObject({ code: 400 });
    // Nothing kept under that name: the failure stands.
    read.mockRejectedValueOnce(new ApiError({ code: 0, msg: '请求异常' }));
    await expect(readKeeping(0, 'other', read)).rejects.toMatchObject({ code: 0 });
    await forgetKeptAnswers();
  });

  it('drops an answer older than a week', async () => {
    await keepAnswer(1, 'old', 'x', Date.now() - 8 * 24 * 3600 * 1000);
    expect(await keptAnswer(1, 'old')).toBeNull();
  });
});
