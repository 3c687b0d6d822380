import { api } from '@baobei/shared/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('./api-client', () => ({
  call: (...args: unknown[]) => call(...args),
}));

const { uploadAvatar, uploadImage } = await import('./upload-image');

describe('uploadImage (docs/decisions/018)', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockResolvedValue({ url: '/uploads/2025/01/0123456789abcdef0123456789abcdef.png?exp=1&sig=x' });
  });

  it('sends the file as multipart `file`; a picture is private by default', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await uploadImage(file);
    const [endpoint, input, options] = call.mock.calls[0]!;
    expect(endpoint).toBe(api.upload.index);
    expect((input as { form: FormData }).form.get('file')).toBeInstanceOf(File);
    expect((input as { query: object }).query).toEqual({});
    expect(options).toEqual({ quiet: true });
  });

  it('the avatar is uploaded as a public picture', async () => {
    const file = new File([new Uint8Array([1])], 'me.png', { type: 'image/png' });
    await uploadImage(file, uploadAvatar);
    const [endpoint, input] = call.mock.calls[0]!;
    expect(endpoint).toBe(api.upload.index);
    expect((input as { query: object }).query).toEqual({ purpose: 'avatar' });
  });
});
