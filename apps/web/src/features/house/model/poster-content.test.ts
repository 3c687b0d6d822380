import { describe, expect, it } from 'vitest';
import { POSTER_MAX_TAGS, posterContent, posterPrice, posterTags } from './poster-content';
import { posterFileName } from './poster-file-name';

const colors = { color: '#e4393c', gradientColor: '#ff7a45', readable: '#d3282b', soft: 'rgba(228, 57, 60, 0.1)' };

describe('what goes on a poster', () => {
  it('takes the listing, the cover, the broker, the company and the share link as they are given', () => {
    const content = posterContent({
      house: {
        name: ' 海口湾一号 ',
        showPrice: { price: '18000', unit: '元/㎡' },
        themeName: ['地铁沿线', '精装修'],
        buildingAddress: '海口市美兰区海甸五西路',
      },
      cover: '/assets/demo/house-06.svg',
      broker: { name: '李业务', phone: '13800000003' },
      companyTitle: '海口新房报备',
      colors,
      link: 'http://localhost/house/detail/6/3',
    });
    expect(content).toEqual({
      companyTitle: '海口新房报备',
      coverUrl: '/assets/demo/house-06.svg',
      name: '海口湾一号',
      price: { label: '均价', price: '18000', unit: '元/㎡' },
      address: '海口市美兰区海甸五西路',
      tags: ['地铁沿线', '精装修'],
      broker: { name: '李业务', phone: '13800000003' },
      link: 'http://localhost/house/detail/6/3',
      colors,
    });
  });

  it('says the price as the list does, named 总价 or 均价 as the share says it, or 价格待定', () => {
    expect(posterPrice({ price: '120', unit: '万/套' })).toEqual({ label: '总价', price: '120', unit: '万/套' });
    expect(posterPrice({ price: '暂无', unit: '' })).toEqual({ label: null, price: '价格待定', unit: '' });
  });

  it('shows each selling point once, blank ones left out, the first few only', () => {
    expect(posterTags([' 学区房 ', '', '学区房', '近海'])).toEqual(['学区房', '近海']);
    const many = ['一', '二', '三', '四', '五', '六', '七', '八'];
    expect(posterTags(many)).toEqual(many.slice(0, POSTER_MAX_TAGS));
  });

  it('names the file 楼盘名-海报.png without characters a file system refuses', () => {
    expect(posterFileName('海口湾一号')).toBe('海口湾一号-海报.png');
    expect(posterFileName('A/B:栋*')).toBe('A B 栋-海报.png');
    expect(posterFileName('  ')).toBe('分享海报-海报.png');
  });
});
