import { describe, expect, it } from 'vitest';
import { plainUploadUrl, publicPictureKey, uploadKeyOf } from './upload-url';

const key = '2025/03/0123456789abcdef0123456789abcdef.jpg';

describe('upload URLs', () => {
  it('names the stored picture of a plain or signed URL', () => {
    expect(uploadKeyOf(`/uploads/${key}`)).toBe(key);
    expect(uploadKeyOf(`/uploads/${key}?exp=1700000000&sig=abc`)).toBe(key);
    expect(plainUploadUrl(`/uploads/${key}?exp=1700000000&sig=abc`)).toBe(`/uploads/${key}`);
  });

  it('names the picture of a bucket URL, public or presigned (STORAGE=s3)', () => {
    expect(uploadKeyOf(`https://cdn.example.com/public/${key}`)).toBe(key);
    expect(uploadKeyOf(`http://127.0.0.1:9000/baobei/private/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab`)).toBe(key);
    expect(plainUploadUrl(`https://baobei.oss-cn-hangzhou.aliyuncs.com/private/${key}?X-Amz-Date=20250301T100000Z`)).toBe(`/uploads/${key}`);
    // Only the two prefixes the bucket stores pictures under.
    expect(uploadKeyOf(`https://cdn.example.com/other/${key}`)).toBeNull();
    expect(uploadKeyOf(`ftp://cdn.example.com/public/${key}`)).toBeNull();
  });

  it('leaves anything else alone', () => {
    expect(uploadKeyOf('/assets/demo/a.jpg')).toBeNull();
    expect(uploadKeyOf(`/uploads/../${key}`)).toBeNull();
    expect(plainUploadUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(plainUploadUrl('')).toBe('');
  });

  it('knows a public picture by its unsigned path or a bucket public address, never a signed one (docs/decisions/098)', () => {
    expect(publicPictureKey(`/uploads/${key}`)).toBe(key);
    expect(publicPictureKey(`https://cdn.example.com/public/${key}`)).toBe(key);
    expect(publicPictureKey(`http://127.0.0.1:9000/baobei/public/${key}`)).toBe(key);
    expect(publicPictureKey(`/uploads/${key}?exp=1700000000&sig=abc`)).toBeNull();
    expect(publicPictureKey(`http://127.0.0.1:9000/baobei/private/${key}?X-Amz-Signature=ab`)).toBeNull();
    expect(publicPictureKey(`https://cdn.example.com/public/${key}?v=2`)).toBeNull();
    expect(publicPictureKey('/assets/demo/a.jpg')).toBeNull();
    expect(publicPictureKey(`prefix /uploads/${key}`)).toBeNull();
  });
});
