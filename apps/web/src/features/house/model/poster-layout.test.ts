import { describe, expect, it } from 'vitest';
import type { PosterContent } from './poster-content';
import { chipRows, coverCrop, POSTER_HEIGHT, POSTER_WIDTH, posterLayout, QR_SIZE, type PosterFont, type PosterOp } from './poster-layout';

/** A font where a Chinese character is as wide as the font size and any other character 0.6 of it. */
const measure = (text: string, font: PosterFont) => [...text].reduce((w, c) => w + font.size * (/[\u0020-\u007e]/.test(c) ? 0.6 : 1), 0);

const content: PosterContent = {
  companyTitle: '海口新房报备',
  coverUrl: '/assets/demo/house-06.svg',
  name: '海口湾一号',
  price: { label: '均价', price: '18000', unit: '元/㎡' },
  address: '海口市美兰区海甸五西路',
  tags: ['地铁沿线', '精装修', '学区房'],
  broker: { name: '李业务', phone: '13800000003' },
  link: 'http://localhost/house/detail/6/3',
  colors: { color: '#e4393c', gradientColor: '#ff7a45', readable: '#d3282b', soft: 'rgba(228, 57, 60, 0.1)' },
};

type TextOp = Extract<PosterOp, { kind: 'text' }>;
const texts = (ops: PosterOp[]) => ops.filter((op): op is TextOp => op.kind === 'text');
const textOf = (ops: PosterOp[]) => texts(ops).map((op) => op.text);
const footerTop = (ops: PosterOp[]) => ops.find((op) => op.kind === 'dash')!.y;

describe('posterLayout', () => {
  it('draws the company title, name, price, address, selling points, broker and QR code', () => {
    const ops = posterLayout(content, measure);
    expect(textOf(ops)).toEqual([
      '海口新房报备',
      '海口湾一号',
      '均价',
      '18000',
      '元/㎡',
      '海口市美兰区海甸五西路',
      '地铁沿线',
      '精装修',
      '学区房',
      '置业顾问',
      '李业务',
      '13800000003',
      '长按识别二维码，查看楼盘详情',
    ]);
    const qr = ops.find((op) => op.kind === 'qr')!;
    expect(qr).toMatchObject({ size: QR_SIZE });
    expect(qr.x + QR_SIZE).toBeLessThanOrEqual(POSTER_WIDTH);
    expect(qr.y + QR_SIZE).toBeLessThanOrEqual(POSTER_HEIGHT);
  });

  it('puts a brand block under the cover, so a cover that cannot be drawn leaves the brand colour', () => {
    const ops = posterLayout(content, measure);
    const at = ops.findIndex((op) => op.kind === 'cover');
    const { x, y, w, h } = ops[at] as Extract<PosterOp, { kind: 'cover' }>;
    expect(ops[at - 1]).toEqual({ kind: 'rect', x, y, w, h, fill: { from: '#e4393c', to: '#ff7a45' } });
  });

  it('keeps every text inside the poster, the broker column clear of the QR code', () => {
    const long = {
      ...content,
      name: '海口湾一号滨海国际社区二期南区高层住宅及商业综合体项目暨配套学校与公园',
      address: '海南省海口市美兰区海甸五西路与和平大道交叉口东北角二百米',
      broker: { name: '欧阳业务员名字特别长的人', phone: '13800000003' },
    };
    const ops = posterLayout(long, measure);
    const qr = ops.find((op) => op.kind === 'qr')!;
    for (const op of texts(ops)) {
      expect(op.x).toBeGreaterThanOrEqual(0);
      expect(op.x + measure(op.text, op.font)).toBeLessThanOrEqual(POSTER_WIDTH - 40);
      if (op.y > qr.y) expect(op.x + measure(op.text, op.font)).toBeLessThan(qr.x);
    }
    const name = texts(ops).filter((op) => op.font.size === 44);
    expect(name).toHaveLength(2);
    expect(name[1]!.text.endsWith('…')).toBe(true);
  });

  it('gives the cover the height the text leaves: taller for a short listing, never into the footer', () => {
    const coverOf = (ops: PosterOp[]) => ops.find((op): op is Extract<PosterOp, { kind: 'cover' }> => op.kind === 'cover')!;
    const short = posterLayout({ ...content, address: '', tags: [] }, measure);
    const tags = ['地铁沿线近海', '精装修交付', '学区房名校', '品牌房企开发', '低密社区洋房', '海景房']; // two rows
    const long = posterLayout({ ...content, name: '海口湾一号滨海国际社区二期南区高层住宅', tags }, measure);
    expect(coverOf(short).h).toBe(620);
    expect(coverOf(long).h).toBeLessThan(coverOf(short).h);
    expect(coverOf(long).h).toBeGreaterThanOrEqual(400);
    const chips = long.filter((op) => op.kind === 'rect' && op.radius) as Extract<PosterOp, { kind: 'rect' }>[];
    expect(new Set(chips.map((chip) => chip.y)).size).toBe(2);
    expect(Math.max(...chips.map((chip) => chip.y + chip.h)) + 40).toBeLessThanOrEqual(footerTop(long));
  });

  it('shows two rows of selling points at most, above the broker', () => {
    const tags = Array.from({ length: 6 }, (_, i) => `卖点${'很长的卖点文字'.repeat(2)}${i}`);
    const ops = posterLayout({ ...content, tags }, measure);
    const chips = ops.filter((op) => op.kind === 'rect' && op.radius);
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.length).toBeLessThan(tags.length);
    for (const chip of chips) expect(chip.y + (chip as { h: number }).h).toBeLessThan(footerTop(ops));
  });

  it('says 价格待定 without a price, and shows the phone alone when the broker has no name', () => {
    const ops = posterLayout({ ...content, price: { label: null, price: '价格待定', unit: '' }, broker: { name: '', phone: '13800000003' } }, measure);
    const shown = textOf(ops);
    expect(shown).toContain('价格待定');
    expect(shown).not.toContain('均价');
    expect(shown.filter((text) => text === '13800000003')).toHaveLength(1);
  });
});

describe('chipRows', () => {
  const width = (text: string) => measure(text, { size: 24 });

  it('fills a row, then the next, and stops after the last row', () => {
    const chips = chipRows(['一二三四', '五六七八', '九十'], 300, width, 2);
    expect(chips.map((c) => [c.text, c.row])).toEqual([
      ['一二三四', 0],
      ['五六七八', 0],
      ['九十', 1],
    ]);
    expect(chipRows(['一二三四五六七八九', '一二三四五六七八九', '十'], 260, width, 1).map((c) => c.text)).toEqual([
      '一二三四五六七八九',
    ]);
  });

  it('cuts a tag wider than a row to fit it', () => {
    const [chip] = chipRows(['非常非常非常非常非常非常长的卖点'], 200, width, 2);
    expect(chip!.text.endsWith('…')).toBe(true);
    expect(chip!.w).toBeLessThanOrEqual(200);
  });
});

describe('coverCrop', () => {
  it('crops a wider picture at its sides and a taller one at top and bottom, keeping the middle', () => {
    expect(coverCrop(400, 300, 750, 480)).toEqual({ sx: 0, sy: 22, sw: 400, sh: 256 });
    expect(coverCrop(300, 900, 750, 480)).toEqual({ sx: 0, sy: 354, sw: 300, sh: 192 });
    expect(coverCrop(1500, 480, 750, 480)).toEqual({ sx: 375, sy: 0, sw: 750, sh: 480 });
  });
});
