import { describe, expect, it } from 'vitest';
import { plainUploadUrl, uploadKeyOf } from './upload-url';

const key = '2025/03/0123456789abcdef0123456789abcdef.jpg';

describe('upload URLs', () => {
  it('names the stored picture of a plain or signed URL', () => {
    expect(uploadKeyOf(`/uploads/${key}`)).toBe(key);
    expect(uploadKeyOf(`/uploads/${key}?exp=1700000000&sig=abc`)).toBe(key);
    expect(plainUploadUrl(`/uploads/${key}?exp=1700000000&sig=abc`)).toBe(`/uploads/${key}`);
  });

  it('leaves anything else alone', () => {
    expect(uploadKeyOf('/assets/demo/a.jpg')).toBeNull();
    expect(uploadKeyOf(`/uploads/../${key}`)).toBeNull();
    expect(plainUploadUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(plainUploadUrl('')).toBe('');
  });
});
