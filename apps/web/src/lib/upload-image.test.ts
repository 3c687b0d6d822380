import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiPost = vi.fn();
vi.mock('./api-client', () => ({ apiPost: (...args: unknown[]) => apiPost(...args) }));

const { AVATAR_UPLOAD_PATH, uploadImage } = await import('./upload-image');

describe('uploadImage (docs/decisions/018)', () => {
  beforeEach(() => {
    apiPost.mockReset();
    apiPost.mockResolvedValue({ url: '/uploads/2025/01/0123456789abcdef0123456789abcdef.png?exp=1&sig=x' });
  });

  it('sends the file as multipart `file`; a picture is private by default', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await uploadImage(file);
    const [path, body, options] = apiPost.mock.calls[0]!;
    expect(path).toBe('/api/upload/index');
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(options).toEqual({ quiet: true });
  });

  it('the avatar is uploaded as a public picture', async () => {
    const file = new File([new Uint8Array([1])], 'me.png', { type: 'image/png' });
    await uploadImage(file, AVATAR_UPLOAD_PATH);
    expect(apiPost.mock.calls[0]![0]).toBe('/api/upload/index?purpose=avatar');
  });
});
