import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PREFIX } from '@baobei/shared/rules/upload-url';
import type { DiskStorage } from './upload-storage';

/**
 * Pictures as files under `root` (DATA_DIR/uploads), served by this server at /uploads/<key>.
 * Visibility lives in the `upload` table only; one instance's disk is not another's.
 */
export function createDiskStorage(root: string): DiskStorage {
  return {
    kind: 'disk',
    root,
    async put(key, bytes) {
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async read(key) {
      try {
        return await readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(path.join(root, key), { force: true });
    },
    // The file stays where it is: GET /uploads/<key> reads the visibility from the database.
    async publish() {},
    publicUrl: (key) => `${UPLOAD_PREFIX}${key}`,
  };
}
