import { messages } from '@baobei/shared/messages';

/** The saved file's name, 楼盘名-海报.png, without the characters file systems refuse. */
export function posterFileName(houseName: string): string {
  const safe = houseName.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim();
  return messages.poster.fileName(safe || messages.poster.title);
}
