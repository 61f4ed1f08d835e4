/**
 * The home banners (news category 5) in the languages news.ts does not write: the banner shows its title and
 * summary as text over a picture without words, so every language the client speaks gets its own. The
 * English and Simplified Chinese banners are in news.ts; these share their covers and order.
 */
import type { SeedNews } from './news';

type BannerLanguage = 'hk' | 'jp' | 'kor' | 'th' | 'ind';

interface BannerText {
  title: string;
  abstract: string;
  /** Paragraphs and one list, each item a plain sentence. */
  lead: string;
  points: string[];
  close: string;
}

const COVERS = ['/banners/banner-1.svg', '/banners/banner-2.svg', '/banners/banner-3.svg'] as const;
const PAIRS = 'BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, XRP/USDT, DOGE/USDT, LTC/USDT, ETH/BTC';

/** Spot, then contracts and seconds contracts, then security: the order of the covers. */
const BANNERS: Record<BannerLanguage, [BannerText, BannerText, BannerText]> = {
  hk: [
    {
      title: '深度流動性，暢享現貨交易',
      abstract: '在高速撮合引擎上交易 BTC、ETH 等主流數字資產，費率透明。',
      lead: `現貨市場包括 ${PAIRS}。`,
      points: ['限價單與市價單', '即時更新的訂單簿、成交與K線'],
      close: '數字資產價格可能劇烈波動，請理性交易。',
    },
    {
      title: '合約與秒合約',
      abstract: '使用合約做多或做空，或交易短週期的秒合約，配備清晰的風險控制工具。',
      lead: '為有經驗的交易者提供兩類產品。',
      points: [
        '合約：對 USDT 交易對做多或做空，可選槓桿倍數，並可設定止盈止損。',
        '秒合約：判斷價格在固定週期結束時上漲還是下跌，到期自動結算。',
      ],
      close: '風險提示：合約與秒合約屬高風險產品，您可能損失全部保證金或投入金額。',
    },
    {
      title: '安全至上：守護您的資產',
      abstract: '獨立的交易密碼、驗證碼與預先綁定的提幣地址，保護您的賬戶。',
      lead: '每一筆資金操作都需要您的確認。',
      points: [
        '提幣、劃轉與下單需輸入獨立的交易密碼',
        '敏感操作需輸入郵箱或短信驗證碼',
        '只能提幣到您預先綁定的地址',
      ],
      close: '請勿與任何人分享密碼或驗證碼。',
    },
  ],
  jp: [
    {
      title: '厚い流動性で現物取引',
      abstract: '高速マッチングエンジンで BTC、ETH などの主要デジタル資産を、明瞭な手数料で取引できます。',
      lead: `現物市場：${PAIRS}。`,
      points: ['指値注文と成行注文', 'リアルタイムの板情報、約定履歴、ローソク足'],
      close: 'デジタル資産の価格は大きく変動することがあります。無理のない範囲で取引してください。',
    },
    {
      title: '先物と秒取引',
      abstract: '先物でロングもショートも。短い固定期間の秒取引も、わかりやすいリスク管理とともに。',
      lead: '経験のあるトレーダー向けの 2 つの商品です。',
      points: [
        '先物：USDT ペアでロングまたはショート。レバレッジを選び、利確・損切りを設定できます。',
        '秒取引：一定期間の終わりに価格が上がるか下がるかを選び、満期に自動で決済されます。',
      ],
      close: 'リスク警告：先物と秒取引はリスクの高い商品です。証拠金や投入額をすべて失う可能性があります。',
    },
    {
      title: 'セキュリティ第一：あなたの資産を守ります',
      abstract: '取引パスワード、認証コード、事前登録した出金アドレスでアカウントを保護します。',
      lead: '資金の動きには必ずあなたの確認が必要です。',
      points: [
        '出金・振替・注文には専用の取引パスワードが必要です',
        '重要な操作にはメールまたは SMS の認証コードが必要です',
        '出金は事前に登録したアドレスにのみ行えます',
      ],
      close: 'パスワードや認証コードは誰にも教えないでください。',
    },
  ],
  kor: [
    {
      title: '풍부한 유동성으로 현물 거래',
      abstract: '빠른 매칭 엔진에서 BTC, ETH 등 주요 디지털 자산을 투명한 수수료로 거래하세요.',
      lead: `현물 마켓: ${PAIRS}.`,
      points: ['지정가 주문과 시장가 주문', '실시간 호가창, 체결 내역, 캔들 차트'],
      close: '디지털 자산 가격은 크게 변동할 수 있습니다. 신중하게 거래하세요.',
    },
    {
      title: '계약과 초 계약',
      abstract: '계약으로 롱과 숏을 자유롭게, 짧은 고정 기간의 초 계약도 명확한 위험 관리와 함께.',
      lead: '경험 있는 트레이더를 위한 두 가지 상품입니다.',
      points: [
        '계약: USDT 거래쌍에서 롱 또는 숏 포지션을 열고, 레버리지를 고르고 익절·손절을 설정할 수 있습니다.',
        '초 계약: 정해진 기간이 끝날 때 가격이 오를지 내릴지 선택하며, 만기에 자동으로 정산됩니다.',
      ],
      close: '위험 고지: 계약과 초 계약은 고위험 상품으로, 증거금이나 투자 금액 전부를 잃을 수 있습니다.',
    },
    {
      title: '보안 우선: 자산을 안전하게',
      abstract: '거래 비밀번호, 인증 코드, 미리 등록한 출금 주소로 계정을 보호합니다.',
      lead: '자금이 움직일 때마다 회원님의 확인이 필요합니다.',
      points: [
        '출금, 이체, 주문에는 별도의 거래 비밀번호가 필요합니다',
        '중요한 작업에는 이메일 또는 문자 인증 코드가 필요합니다',
        '미리 등록한 주소로만 출금할 수 있습니다',
      ],
      close: '비밀번호와 인증 코드를 누구와도 공유하지 마세요.',
    },
  ],
  th: [
    {
      title: 'เทรดสปอตด้วยสภาพคล่องสูง',
      abstract: 'เทรด BTC, ETH และสินทรัพย์ดิจิทัลหลักบนระบบจับคู่คำสั่งความเร็วสูง ค่าธรรมเนียมโปร่งใส',
      lead: `ตลาดสปอต: ${PAIRS}`,
      points: ['คำสั่งจำกัดราคาและคำสั่งราคาตลาด', 'สมุดคำสั่ง รายการซื้อขาย และกราฟแท่งเทียนแบบเรียลไทม์'],
      close: 'ราคาสินทรัพย์ดิจิทัลอาจผันผวนสูง โปรดเทรดอย่างรอบคอบ',
    },
    {
      title: 'สัญญาและสัญญาวินาที',
      abstract: 'เปิดสถานะ Long หรือ Short ด้วยสัญญา หรือเทรดสัญญาวินาทีระยะสั้น พร้อมเครื่องมือจัดการความเสี่ยงที่ชัดเจน',
      lead: 'สองผลิตภัณฑ์สำหรับนักเทรดที่มีประสบการณ์',
      points: [
        'สัญญา: เปิดสถานะ Long หรือ Short ในคู่เทรด USDT เลือกเลเวอเรจ และตั้งทำกำไรหรือตัดขาดทุนได้',
        'สัญญาวินาที: เลือกว่าราคาจะขึ้นหรือลงเมื่อสิ้นสุดช่วงเวลาที่กำหนด และชำระอัตโนมัติเมื่อครบกำหนด',
      ],
      close: 'คำเตือนความเสี่ยง: สัญญาและสัญญาวินาทีมีความเสี่ยงสูง คุณอาจสูญเสียมาร์จิ้นหรือเงินที่ลงทั้งหมด',
    },
    {
      title: 'ความปลอดภัยมาก่อน: ปกป้องสินทรัพย์ของคุณ',
      abstract: 'รหัสผ่านการเทรด รหัสยืนยัน และที่อยู่ถอนเงินที่ผูกไว้ล่วงหน้า ช่วยปกป้องบัญชีของคุณ',
      lead: 'ทุกการเคลื่อนไหวของเงินต้องได้รับการยืนยันจากคุณ',
      points: [
        'การถอน การโอน และการส่งคำสั่งต้องใช้รหัสผ่านการเทรดแยกต่างหาก',
        'การดำเนินการสำคัญต้องใช้รหัสยืนยันทางอีเมลหรือ SMS',
        'ถอนเงินได้เฉพาะไปยังที่อยู่ที่คุณผูกไว้ล่วงหน้า',
      ],
      close: 'อย่าบอกรหัสผ่านหรือรหัสยืนยันแก่ผู้ใด',
    },
  ],
  ind: [
    {
      title: 'Trading spot dengan likuiditas tinggi',
      abstract:
        'Perdagangkan BTC, ETH, dan aset digital utama lainnya di mesin pencocokan cepat dengan biaya transparan.',
      lead: `Pasar spot: ${PAIRS}.`,
      points: ['Order limit dan order pasar', 'Buku order, transaksi, dan grafik candle secara real-time'],
      close: 'Harga aset digital dapat sangat fluktuatif. Bertradinglah dengan bijak.',
    },
    {
      title: 'Kontrak dan kontrak detik',
      abstract:
        'Buka posisi long atau short dengan kontrak, atau trading kontrak detik berperiode singkat, dengan kontrol risiko yang jelas.',
      lead: 'Dua produk untuk trader berpengalaman.',
      points: [
        'Kontrak: buka posisi long atau short pada pasangan USDT, pilih leverage, dan atur take-profit serta stop-loss.',
        'Kontrak detik: tebak apakah harga naik atau turun di akhir periode tetap; order diselesaikan otomatis saat jatuh tempo.',
      ],
      close:
        'Peringatan risiko: kontrak dan kontrak detik adalah produk berisiko tinggi. Anda dapat kehilangan seluruh margin atau dana yang dipasang.',
    },
    {
      title: 'Keamanan nomor satu: aset Anda terlindungi',
      abstract:
        'Kata sandi trading, kode verifikasi, dan alamat penarikan yang diikat sebelumnya melindungi akun Anda.',
      lead: 'Setiap pergerakan dana memerlukan konfirmasi Anda.',
      points: [
        'Penarikan, transfer, dan order memerlukan kata sandi trading tersendiri',
        'Tindakan penting memerlukan kode verifikasi lewat email atau SMS',
        'Penarikan hanya ke alamat yang sudah Anda ikat sebelumnya',
      ],
      close: 'Jangan pernah membagikan kata sandi atau kode verifikasi kepada siapa pun.',
    },
  ],
};

const contentOf = (text: BannerText) =>
  `<p>${text.lead}</p><ul>${text.points.map((point) => `<li>${point}</li>`).join('')}</ul><p>${text.close}</p>`;

export const BANNER_TRANSLATIONS: (Omit<SeedNews, 'lang'> & { lang: BannerLanguage })[] = Object.entries(
  BANNERS,
).flatMap(([lang, banners]) =>
  banners.map((text, index) => ({
    c_id: 5,
    lang: lang as BannerLanguage,
    title: text.title,
    abstract: text.abstract,
    content: contentOf(text),
    cover: COVERS[index] ?? '',
    sorts: index,
  })),
);
