import type { Recognition } from './recognize';

/**
 * Realistic pasted messages (WeChat groups, brokers' templates) with what smart recognition
 * must find. recognize.test.ts runs every entry and prints the pass rate.
 */
export interface CorpusEntry {
  title: string;
  message: string;
  expected: Recognition;
}

const none = { name: '', phone: '' };
const c = (name: string, sex: number | null, phone: string, telType = 0) => ({ name, sex, phone, telType });

export const RECOGNIZE_CORPUS: CorpusEntry[] = [
  {
    title: 'one customer per line, spaces',
    message: '张三 男 13812345678',
    expected: { customerList: [c('张三', 1, '13812345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'two customers per line with 先生/女士',
    message: '张伟先生 13812345678\n李娜女士 13987654321',
    expected: { customerList: [c('张伟', 1, '13812345678'), c('李娜', 2, '13987654321')], daikan: none, visitorNum: null },
  },
  {
    title: 'key：value block with full-width colons',
    message: '客户姓名：王建国\n性别：男\n联系电话：13712345678\n到访人数：2\n带看人：刘经理\n带看人电话：13600001111',
    expected: { customerList: [c('王建国', 1, '13712345678')], daikan: { name: '刘经理', phone: '13600001111' }, visitorNum: 2 },
  },
  {
    title: 'report template with listing and time lines ignored',
    message: '【报备】\n报备楼盘：海口湾一号\n客户：陈静 女 15912345678\n到访时间：2026-11-23 10:00\n到访人数：3人\n置业顾问：周杰 18812345678',
    expected: { customerList: [c('陈静', 2, '15912345678')], daikan: { name: '周杰', phone: '18812345678' }, visitorNum: 3 },
  },
  {
    title: 'masked phone with stars',
    message: '李先生 138****5678',
    expected: { customerList: [c('李先生', 1, '138****5678')], daikan: none, visitorNum: null },
  },
  {
    title: 'masked phone with x',
    message: '赵丽 女 139xxxx1234',
    expected: { customerList: [c('赵丽', 2, '139****1234')], daikan: none, visitorNum: null },
  },
  {
    title: 'masked phone with capital X and dashes',
    message: '客户：孙海涛，男，186-XXXX-4321',
    expected: { customerList: [c('孙海涛', 1, '186****4321')], daikan: none, visitorNum: null },
  },
  {
    title: 'full-width digits',
    message: '吴敏　女　１３６１２３４５６７８',
    expected: { customerList: [c('吴敏', 2, '13612345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'Chinese comma separators',
    message: '郑浩然，先生，15012345678',
    expected: { customerList: [c('郑浩然', 1, '15012345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'slash separators',
    message: '黄晓燕/女/18912345678',
    expected: { customerList: [c('黄晓燕', 2, '18912345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'vertical bar separators and visitor count',
    message: '马俊杰|男|17712345678|2人到访',
    expected: { customerList: [c('马俊杰', 1, '17712345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'phone with spaces inside',
    message: '朱婷婷 女 138 1234 5678',
    expected: { customerList: [c('朱婷婷', 2, '13812345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'phone with dashes inside',
    message: '胡志强 男 139-8765-4321',
    expected: { customerList: [c('胡志强', 1, '13987654321')], daikan: none, visitorNum: null },
  },
  {
    title: 'emoji noise',
    message: '🏠报备客户🏠\n👨 郭明辉 先生 📱13512345678\n🙏谢谢',
    expected: { customerList: [c('郭明辉', 1, '13512345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'several customers, key blocks repeated',
    message: '客户姓名：何丽华\n性别：女\n手机：13811112222\n客户姓名：林文博\n性别：男\n手机：13833334444',
    expected: { customerList: [c('何丽华', 2, '13811112222'), c('林文博', 1, '13833334444')], daikan: none, visitorNum: null },
  },
  {
    title: 'Hong Kong number',
    message: '罗家豪 男 +852 9123 4567',
    expected: { customerList: [c('罗家豪', 1, '+85291234567', 1)], daikan: none, visitorNum: null },
  },
  {
    title: 'Macau number with 00 prefix',
    message: '梁雪梅 女 00853 6612 3456',
    expected: { customerList: [c('梁雪梅', 2, '+85366123456', 1)], daikan: none, visitorNum: null },
  },
  {
    title: 'mainland number with +86',
    message: '宋宇航 男 +86 188 1234 5678',
    expected: { customerList: [c('宋宇航', 1, '18812345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'gender in parentheses',
    message: '唐诗涵（女）15812345678',
    expected: { customerList: [c('唐诗涵', 2, '15812345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'phone first, then name',
    message: '13912345670 许振华 男',
    expected: { customerList: [c('许振华', 1, '13912345670')], daikan: none, visitorNum: null },
  },
  {
    title: 'name and phone on separate lines',
    message: '韩梦瑶 女士\n15112345678',
    expected: { customerList: [c('韩梦瑶', 2, '15112345678')], daikan: none, visitorNum: null },
  },
  {
    title: 'single-character surname with 先生',
    message: '冯先生 13612340000',
    expected: { customerList: [c('冯先生', 1, '13612340000')], daikan: none, visitorNum: null },
  },
  {
    title: 'surname and 女士 separated',
    message: '邓 女士 13712340000',
    expected: { customerList: [c('邓女士', 2, '13712340000')], daikan: none, visitorNum: null },
  },
  {
    title: 'visitor count in Chinese numerals',
    message: '曹丹 女 13912340000\n到访人数：三人',
    expected: { customerList: [c('曹丹', 2, '13912340000')], daikan: none, visitorNum: 3 },
  },
  {
    title: 'visitor count after the verb',
    message: '客户：韦晓光 先生 13912341212\n明天上午到访3人',
    expected: { customerList: [c('韦晓光', 1, '13912341212')], daikan: none, visitorNum: 3 },
  },
  {
    title: 'visitor count 两 and 位',
    message: '彭鹏飞 男 15912340000\n人数：两位',
    expected: { customerList: [c('彭鹏飞', 1, '15912340000')], daikan: none, visitorNum: 2 },
  },
  {
    title: 'visitor count 十',
    message: '曾佳怡 女 18612340000\n几人：十',
    expected: { customerList: [c('曾佳怡', 2, '18612340000')], daikan: none, visitorNum: 10 },
  },
  {
    title: 'viewing person without colon',
    message: '肖文博 男 13512340000\n带看人 田海涛 13012345678',
    expected: { customerList: [c('肖文博', 1, '13512340000')], daikan: { name: '田海涛', phone: '13012345678' }, visitorNum: null },
  },
  {
    title: 'viewing person on the customer line',
    message: '董欣怡 女 13612349999，经纪人：潘勇 13712349999',
    expected: { customerList: [c('董欣怡', 2, '13612349999')], daikan: { name: '潘勇', phone: '13712349999' }, visitorNum: null },
  },
  {
    title: 'viewing person name and phone on separate keys',
    message: '客户：袁春燕 女 18812349999\n带看：蔡磊\n带看电话：19912345678',
    expected: { customerList: [c('袁春燕', 2, '18812349999')], daikan: { name: '蔡磊', phone: '19912345678' }, visitorNum: null },
  },
  {
    title: 'three customers, mixed separators',
    message: '1. 蒋建国 男 13812340001\n2、余秀英，女，13812340002\n3) 叶子轩/男/13812340003',
    expected: {
      customerList: [c('蒋建国', 1, '13812340001'), c('余秀英', 2, '13812340002'), c('叶子轩', 1, '13812340003')],
      daikan: none,
      visitorNum: null,
    },
  },
  {
    title: 'greeting and thanks around the data',
    message: '老师好，麻烦帮忙报备一下\n魏静 女 13912341111\n谢谢老师！',
    expected: { customerList: [c('魏静', 2, '13912341111')], daikan: none, visitorNum: null },
  },
  {
    title: 'two customers on one line',
    message: '苏明 男 13512341111 吕芳 女 13512342222',
    expected: { customerList: [c('苏明', 1, '13512341111'), c('吕芳', 2, '13512342222')], daikan: none, visitorNum: null },
  },
  {
    title: 'no gender given',
    message: '丁海 15012341111',
    expected: { customerList: [c('丁海', null, '15012341111')], daikan: none, visitorNum: null },
  },
  {
    title: 'compound surname',
    message: '欧阳娜娜 女 13612341111',
    expected: { customerList: [c('欧阳娜娜', 2, '13612341111')], daikan: none, visitorNum: null },
  },
  {
    title: 'label glued to the name',
    message: '客户姓名卢振华 手机号13712341111 性别男',
    expected: { customerList: [c('卢振华', 1, '13712341111')], daikan: none, visitorNum: null },
  },
  {
    title: 'full template of a distributor group',
    message:
      '【客户报备】\n项目名称：椰林湾\n客户姓名：姚雅琴\n客户性别：女\n客户电话：139****8888\n到访人数：2\n预计到访时间：11月23日下午3点\n带看人：沈伟\n带看人电话：18912341111\n渠道公司：海南安居地产',
    expected: { customerList: [c('姚雅琴', 2, '139****8888')], daikan: { name: '沈伟', phone: '18912341111' }, visitorNum: 2 },
  },
  {
    title: 'semicolons between customers',
    message: '钟杰 男 13812342222；姜玉兰 女 13812343333',
    expected: { customerList: [c('钟杰', 1, '13812342222'), c('姜玉兰', 2, '13812343333')], daikan: none, visitorNum: null },
  },
  {
    title: 'masked phone in a key block',
    message: '姓名：崔思雨\n性别：女\n电话：177****6666',
    expected: { customerList: [c('崔思雨', 2, '177****6666')], daikan: none, visitorNum: null },
  },
  {
    title: 'visitor count phrased 共N人',
    message: '谭浩然 男 18612342222\n共4人看房',
    expected: { customerList: [c('谭浩然', 1, '18612342222')], daikan: none, visitorNum: 4 },
  },
  {
    title: 'full-width parentheses and colon in the viewing line',
    message: '陆慧敏 女 13912342222\n置业顾问：范军（13612342222）',
    expected: { customerList: [c('陆慧敏', 2, '13912342222')], daikan: { name: '范军', phone: '13612342222' }, visitorNum: null },
  },
  {
    title: 'English colon and tabs',
    message: '客户:廖斌\t男\t15812342222\n人数:1',
    expected: { customerList: [c('廖斌', 1, '15812342222')], daikan: none, visitorNum: 1 },
  },
  {
    title: 'Taiwan number and a mainland one',
    message: '石美玲 女 +886 912 345 678\n金国庆 男 13512343333',
    expected: { customerList: [c('石美玲', 2, '+886912345678', 1), c('金国庆', 1, '13512343333')], daikan: none, visitorNum: null },
  },
  {
    title: 'nothing to recognise',
    message: '今天天气不错，大家加油！💪',
    expected: { customerList: [], daikan: none, visitorNum: null },
  },
  {
    title: 'name with 小姐',
    message: '夏小姐 13812344444',
    expected: { customerList: [c('夏小姐', 2, '13812344444')], daikan: none, visitorNum: null },
  },
  {
    title: 'male written 男士 and viewing person with 带看员',
    message: '方文 男士 15912344444\n带看员：邹晓 13612344444\n到访人数：1位',
    expected: { customerList: [c('方文', 1, '15912344444')], daikan: { name: '邹晓', phone: '13612344444' }, visitorNum: 1 },
  },
];
