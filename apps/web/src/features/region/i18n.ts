import { registerTranslations } from '../../i18n';
import type { Translations } from '../../i18n/locales';

/** Texts of the regional agent list, in all seven languages. */
export const regionTranslations: Translations = {
  en: {
    title: 'My region',
    noPermission: 'Not a regional agent, no permission',
    noMore: 'No more',
    col: {
      account: 'User',
      city: 'City',
      district: 'District',
      phone: 'Phone',
      time: 'Registered',
    },
  },
  zh: {
    title: '我的区域',
    noPermission: '不是区域代理，无权限',
    noMore: '没有更多了',
    col: {
      account: '用户',
      city: '城市',
      district: '区县',
      phone: '电话',
      time: '注册时间',
    },
  },
  hk: {
    title: '我的區域',
    noPermission: '不是區域代理，無權限',
    noMore: '沒有更多了',
    col: {
      account: '用戶',
      city: '城市',
      district: '區縣',
      phone: '電話',
      time: '註冊時間',
    },
  },
  jp: {
    title: '担当地域',
    noPermission: '地域代理店ではないため、権限がありません',
    noMore: 'これ以上ありません',
    col: {
      account: 'ユーザー',
      city: '都市',
      district: '地区',
      phone: '電話番号',
      time: '登録日時',
    },
  },
  kor: {
    title: '내 지역',
    noPermission: '지역 대리인이 아니므로 권한이 없습니다',
    noMore: '더 이상 없음',
    col: {
      account: '사용자',
      city: '도시',
      district: '구역',
      phone: '전화번호',
      time: '가입 시간',
    },
  },
  th: {
    title: 'ภูมิภาคของฉัน',
    noPermission: 'ไม่ใช่ตัวแทนภูมิภาค ไม่มีสิทธิ์',
    noMore: 'ไม่มีเพิ่มเติม',
    col: {
      account: 'ผู้ใช้',
      city: 'เมือง',
      district: 'เขต',
      phone: 'โทรศัพท์',
      time: 'ลงทะเบียนเมื่อ',
    },
  },
  ind: {
    title: 'Wilayah saya',
    noPermission: 'Bukan agen wilayah, tidak ada izin',
    noMore: 'Tidak ada lagi',
    col: {
      account: 'Pengguna',
      city: 'Kota',
      district: 'Distrik',
      phone: 'Telepon',
      time: 'Terdaftar',
    },
  },
};

registerTranslations('region', regionTranslations);
