import { messages } from '../messages';
import { describe, expect, it } from 'vitest';
import { imageFileProblem, isAllowedImage, MAX_IMAGE_BYTES } from './image-file';

describe('image upload checks (part 1, section 5)', () => {
  it('accepts jpeg, jpg, png, gif and bmp by MIME type', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/bmp']) {
      expect(isAllowedImage({ name: 'x', type })).toBe(true);
    }
  });

  it('refuses other types even with an image extension', () => {
    expect(isAllowedImage({ name: 'a.png', type: 'image/webp' })).toBe(false);
    expect(isAllowedImage({ name: 'a.jpg', type: 'application/pdf' })).toBe(false);
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(isAllowedImage({ name: 'ID.JPG', type: '' })).toBe(true);
    expect(isAllowedImage({ name: 'scan.bmp', type: '' })).toBe(true);
    expect(isAllowedImage({ name: 'notes.txt', type: '' })).toBe(false);
    expect(isAllowedImage({ name: 'png', type: '' })).toBe(false);
  });

  it('gives the spec messages: type first, then size', () => {
    expect(imageFileProblem({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe(messages.upload.notImage);
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(messages.upload.tooLarge);
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(messages.upload.notImage).toBe('不是图片文件，请确认后重新上传！');
    expect(messages.upload.tooLarge).toBe('图片大小不能大于 5MB');
  });
});
