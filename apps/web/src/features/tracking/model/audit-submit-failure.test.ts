import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { auditSubmitFailure } from './audit-submit-failure';

const recordText = messages.recordTrack;

describe('audit submit failure', () => {
  it('shows the server message, else the default', () => {
    expect(auditSubmitFailure(new ApiError({ code: 400, msg: '到访时间不对' }))).toEqual({
      title: recordText.submitFailedTitle,
      content: '到访时间不对',
      stale: false,
    });
    expect(auditSubmitFailure(new ApiError({ code: 500, msg: '' }))?.content).toBe(recordText.submitFailed);
  });
  it('marks a stale version so the caller reloads', () => {
    expect(auditSubmitFailure(new ApiError({ code: 409, msg: recordText.staleVersion }))).toMatchObject({ stale: true, content: recordText.staleVersion });
  });
  it('says 提交异常 when no answer came, nothing after a 401', () => {
    expect(auditSubmitFailure(new ApiError({ code: 0, msg: '' }))?.content).toBe(recordText.submitException);
    expect(auditSubmitFailure(new ApiError({ code: 401, msg: 'x', handled: true }))).toBeNull();
  });
});
