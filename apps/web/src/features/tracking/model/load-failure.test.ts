import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { detailLoadFailure } from './load-failure';

const recordText = messages.recordTrack;

describe('detail load failure', () => {
  it('retries after a server failure, with its message', () => {
    expect(detailLoadFailure(new ApiError({ code: 500, msg: '服务器繁忙' }))).toEqual({
      title: recordText.detailLoadFailedTitle,
      content: '服务器繁忙',
      onConfirm: 'retry',
    });
  });
  it('goes back after type 700 (and not-found / forbidden)', () => {
    expect(detailLoadFailure(new ApiError({ code: 700, msg: '报备单已删除' }))?.onConfirm).toBe('back');
    expect(detailLoadFailure(new ApiError({ code: 404, msg: recordText.notFound }))?.onConfirm).toBe('back');
  });
  it('says 获取异常 without an answer, and nothing after a 401', () => {
    expect(detailLoadFailure(new ApiError({ code: 0, msg: '' }))).toMatchObject({ content: recordText.detailLoadException, onConfirm: 'retry' });
    expect(detailLoadFailure(new ApiError({ code: 401, msg: '', handled: true }))).toBeNull();
  });
});
