import { registerTranslations } from '../../i18n';
import type { Translations } from '../../i18n/locales';

/** Texts of the notice list, notice detail and terms screens (the `notice` namespace). */
export const noticeTranslations: Translations = {
  en: {
    list: {
      title: 'Notice centre',
      subtitle: 'Announcements, new listings and platform updates.',
      empty: 'No notices yet',
      loadError: 'Notices could not be loaded.',
      retry: 'Retry',
      prev: 'Previous page',
      next: 'Next page',
      total: '{{count}} notices',
    },
    detail: {
      back: 'Back to notices',
      updated: 'Updated {{time}}',
      notFound: 'This notice does not exist or has been removed.',
      latest: 'Latest notices',
    },
    policy: {
      title: 'Terms of use',
      updated: 'Last updated: 1 January 2026',
      contents: 'Contents',
      intro:
        "These terms govern your use of this exchange's website, apps and services. Please read them carefully: by creating an account or using the services you accept them.",
      contact: 'Questions about these terms? Write to <mail>{{email}}</mail>.',
      sections: {
        acceptance: {
          title: '1. Acceptance of the terms',
          text: 'By registering, signing in or trading you agree to these terms and to the notices and fee schedules published on the platform, which form part of them.',
        },
        eligibility: {
          title: '2. Eligibility and your account',
          text: 'You must be of legal age and allowed to use digital asset services where you live. You are responsible for keeping your password, trade password and verification codes secret, and for every action taken with your account.',
        },
        verification: {
          title: '3. Identity verification',
          text: 'We may ask you to verify your identity before you trade, deposit or withdraw, and may limit features until verification is complete. The information you provide must be true, current and complete.',
        },
        trading: {
          title: '4. Orders and trading',
          text: 'Orders are matched by price and time priority. A filled order cannot be reversed. Market orders execute at the best available prices, which may differ from the last price shown.',
        },
        fees: {
          title: '5. Fees',
          text: 'Trading, withdrawal and other fees are shown before you confirm an action and in the published fee schedule. We may change fees with notice on the platform.',
        },
        risk: {
          title: '6. Risk disclosure',
          text: 'Digital asset prices are highly volatile. Leveraged and short-term contracts can lose more quickly than spot trading, up to your entire margin. Trade only with funds you can afford to lose.',
        },
        prohibited: {
          title: '7. Prohibited use',
          text: 'You may not use the services for money laundering, terrorist financing, fraud, market manipulation, or to access them by automated means that harm other users or the platform.',
        },
        suspension: {
          title: '8. Suspension and closure',
          text: 'We may freeze, restrict or close an account that breaches these terms or the law, or when required by a competent authority. Where the law allows, you may withdraw your remaining balance.',
        },
        liability: {
          title: '9. Limitation of liability',
          text: 'To the extent permitted by law, we are not liable for losses caused by market movements, network congestion, events beyond our reasonable control or a failure to keep your account credentials secure.',
        },
        changes: {
          title: '10. Changes to the terms',
          text: 'We may update these terms from time to time. We will publish the new version on the platform; continuing to use the services after it takes effect means you accept it.',
        },
      },
    },
  },
  zh: {
    list: {
      title: '公告中心',
      subtitle: '平台公告、新币上线与产品更新。',
      empty: '暂无公告',
      loadError: '公告加载失败。',
      retry: '重试',
      prev: '上一页',
      next: '下一页',
      total: '共 {{count}} 条公告',
    },
    detail: {
      back: '返回公告列表',
      updated: '更新于 {{time}}',
      notFound: '该公告不存在或已被删除。',
      latest: '最新公告',
    },
    policy: {
      title: '用户协议',
      updated: '最近更新：2026年1月1日',
      contents: '目录',
      intro:
        '本协议规定了您使用本交易所网站、应用及各项服务的规则。请仔细阅读：注册账户或使用服务即表示您接受本协议。',
      contact: '如对本协议有任何疑问，请发送邮件至 <mail>{{email}}</mail>。',
      sections: {
        acceptance: {
          title: '1. 接受协议',
          text: '当您注册、登录或进行交易时，即表示您同意本协议以及平台发布的公告和费率说明，它们均构成本协议的一部分。',
        },
        eligibility: {
          title: '2. 资格与账户',
          text: '您须已达法定年龄，且所在地区允许使用数字资产服务。您有责任妥善保管登录密码、交易密码及验证码，并对通过您账户进行的一切操作负责。',
        },
        verification: {
          title: '3. 身份认证',
          text: '在您交易、充值或提现前，我们可能要求您完成身份认证，并在认证完成前限制部分功能。您提供的信息必须真实、最新且完整。',
        },
        trading: {
          title: '4. 委托与交易',
          text: '订单按照价格优先、时间优先的原则撮合，已成交的订单无法撤回。市价单以当时最优价格成交，成交价可能与页面显示的最新价不同。',
        },
        fees: {
          title: '5. 费用',
          text: '交易、提现及其他费用会在您确认操作前以及平台公布的费率表中列明。我们可能调整费率，并在平台上提前公告。',
        },
        risk: {
          title: '6. 风险提示',
          text: '数字资产价格波动剧烈。杠杆合约和秒合约的亏损速度可能快于现货交易，最多可能损失全部保证金。请仅使用可承受损失的资金进行交易。',
        },
        prohibited: {
          title: '7. 禁止行为',
          text: '您不得将本服务用于洗钱、恐怖融资、欺诈、操纵市场，也不得以损害其他用户或平台的自动化方式访问本服务。',
        },
        suspension: {
          title: '8. 冻结与关闭',
          text: '对于违反本协议或法律的账户，或应主管机关要求，我们可以冻结、限制或关闭账户。在法律允许的范围内，您可以提取剩余余额。',
        },
        liability: {
          title: '9. 责任限制',
          text: '在法律允许的范围内，对于因市场波动、网络拥堵、超出我们合理控制范围的事件或您未妥善保管账户凭证而造成的损失，我们不承担责任。',
        },
        changes: {
          title: '10. 协议变更',
          text: '我们可能不时更新本协议，并在平台上发布新版本；新版本生效后您继续使用服务，即表示您接受更新后的协议。',
        },
      },
    },
  },
  hk: {
    list: {
      title: '公告中心',
      subtitle: '平台公告、新幣上架及產品更新。',
      empty: '暫無公告',
      loadError: '公告載入失敗。',
      retry: '重試',
      prev: '上一頁',
      next: '下一頁',
      total: '共 {{count}} 則公告',
    },
    detail: {
      back: '返回公告列表',
      updated: '更新於 {{time}}',
      notFound: '此公告不存在或已被刪除。',
      latest: '最新公告',
    },
    policy: {
      title: '用戶協議',
      updated: '最近更新：2026年1月1日',
      contents: '目錄',
      intro:
        '本協議規定您使用本交易所網站、應用程式及各項服務的規則。請細閱：註冊帳戶或使用服務即表示您接受本協議。',
      contact: '如對本協議有任何疑問，請電郵至 <mail>{{email}}</mail>。',
      sections: {
        acceptance: {
          title: '1. 接受協議',
          text: '當您註冊、登入或進行交易時，即表示您同意本協議以及平台發佈的公告和費率說明，它們均構成本協議的一部分。',
        },
        eligibility: {
          title: '2. 資格與帳戶',
          text: '您須已達法定年齡，且所在地區允許使用數字資產服務。您有責任妥善保管登入密碼、交易密碼及驗證碼，並對透過您帳戶進行的一切操作負責。',
        },
        verification: {
          title: '3. 身份認證',
          text: '在您交易、入金或提款前，我們可能要求您完成身份認證，並在認證完成前限制部分功能。您提供的資料必須真實、最新及完整。',
        },
        trading: {
          title: '4. 委託與交易',
          text: '訂單按價格優先、時間優先的原則撮合，已成交的訂單無法撤回。市價單以當時最佳價格成交，成交價可能與頁面顯示的最新價不同。',
        },
        fees: {
          title: '5. 費用',
          text: '交易、提款及其他費用會在您確認操作前及平台公佈的費率表中列明。我們可能調整費率，並在平台上預先公告。',
        },
        risk: {
          title: '6. 風險披露',
          text: '數字資產價格波動劇烈。槓桿合約及秒合約的虧損速度可能快於現貨交易，最多可能損失全部保證金。請僅以可承受損失的資金進行交易。',
        },
        prohibited: {
          title: '7. 禁止行為',
          text: '您不得將本服務用於洗錢、恐怖融資、欺詐、操縱市場，亦不得以損害其他用戶或平台的自動化方式存取本服務。',
        },
        suspension: {
          title: '8. 凍結與關閉',
          text: '對於違反本協議或法律的帳戶，或應主管機關要求，我們可以凍結、限制或關閉帳戶。在法律允許的範圍內，您可以提取剩餘結餘。',
        },
        liability: {
          title: '9. 責任限制',
          text: '在法律允許的範圍內，對於因市場波動、網絡擠塞、超出我們合理控制範圍的事件或您未妥善保管帳戶憑證而造成的損失，我們概不負責。',
        },
        changes: {
          title: '10. 協議變更',
          text: '我們可能不時更新本協議，並在平台上發佈新版本；新版本生效後您繼續使用服務，即表示您接受更新後的協議。',
        },
      },
    },
  },
  jp: {
    list: {
      title: 'お知らせセンター',
      subtitle: '運営からのお知らせ、新規上場、サービスの更新情報。',
      empty: 'お知らせはまだありません',
      loadError: 'お知らせを読み込めませんでした。',
      retry: '再試行',
      prev: '前のページ',
      next: '次のページ',
      total: '全 {{count}} 件',
    },
    detail: {
      back: 'お知らせ一覧へ戻る',
      updated: '更新日時 {{time}}',
      notFound: 'このお知らせは存在しないか、削除されました。',
      latest: '最新のお知らせ',
    },
    policy: {
      title: '利用規約',
      updated: '最終更新日：2026年1月1日',
      contents: '目次',
      intro:
        '本規約は、当取引所のウェブサイト、アプリおよび各種サービスのご利用条件を定めるものです。アカウントの作成またはサービスの利用により、本規約に同意したものとみなされます。',
      contact: '本規約に関するご質問は <mail>{{email}}</mail> までお問い合わせください。',
      sections: {
        acceptance: {
          title: '1. 規約への同意',
          text: '登録、ログインまたは取引を行うことで、お客様は本規約ならびにプラットフォーム上で公開されるお知らせおよび手数料表（いずれも本規約の一部を構成します）に同意したものとします。',
        },
        eligibility: {
          title: '2. 利用資格とアカウント',
          text: 'お客様は成年に達し、居住地でデジタル資産サービスの利用が認められている必要があります。パスワード、取引パスワード、認証コードの管理およびアカウントで行われたすべての操作はお客様の責任となります。',
        },
        verification: {
          title: '3. 本人確認',
          text: '取引、入金、出金の前に本人確認をお願いする場合があり、完了までは一部機能を制限することがあります。ご提供いただく情報は正確、最新かつ完全でなければなりません。',
        },
        trading: {
          title: '4. 注文と取引',
          text: '注文は価格優先・時間優先で約定します。約定した注文は取り消せません。成行注文はその時点の最良価格で約定し、表示中の現在値と異なる場合があります。',
        },
        fees: {
          title: '5. 手数料',
          text: '取引手数料、出金手数料その他の手数料は、操作の確定前および公開の手数料表に表示されます。手数料はプラットフォーム上での告知により変更される場合があります。',
        },
        risk: {
          title: '6. リスクの開示',
          text: 'デジタル資産の価格は大きく変動します。レバレッジ取引や短期契約は現物取引より速く損失が拡大し、証拠金全額を失う可能性があります。失っても差し支えない資金でのみ取引してください。',
        },
        prohibited: {
          title: '7. 禁止事項',
          text: 'マネーロンダリング、テロ資金供与、詐欺、相場操縦への利用、および他の利用者やプラットフォームに害を及ぼす自動化手段によるアクセスを禁止します。',
        },
        suspension: {
          title: '8. 利用停止と解約',
          text: '本規約または法令に違反するアカウント、あるいは所管当局の要請がある場合、アカウントを凍結、制限または閉鎖することがあります。法令が認める範囲で残高を出金いただけます。',
        },
        liability: {
          title: '9. 責任の制限',
          text: '法令で認められる範囲において、相場変動、ネットワークの混雑、当社の合理的な管理を超える事象、またはお客様による認証情報の管理不備により生じた損失について、当社は責任を負いません。',
        },
        changes: {
          title: '10. 規約の変更',
          text: '本規約は随時改定されることがあります。新しい版はプラットフォーム上で公開し、発効後もサービスを利用された場合は改定後の規約に同意したものとみなします。',
        },
      },
    },
  },
  kor: {
    list: {
      title: '공지 센터',
      subtitle: '공지사항, 신규 상장 및 서비스 업데이트.',
      empty: '공지사항이 없습니다',
      loadError: '공지사항을 불러오지 못했습니다.',
      retry: '다시 시도',
      prev: '이전 페이지',
      next: '다음 페이지',
      total: '총 {{count}}건',
    },
    detail: {
      back: '공지 목록으로',
      updated: '업데이트 {{time}}',
      notFound: '존재하지 않거나 삭제된 공지입니다.',
      latest: '최신 공지',
    },
    policy: {
      title: '이용약관',
      updated: '최종 업데이트: 2026년 1월 1일',
      contents: '목차',
      intro:
        '본 약관은 거래소 웹사이트, 앱 및 서비스 이용 조건을 규정합니다. 계정을 만들거나 서비스를 이용하면 본 약관에 동의한 것으로 간주되므로 주의 깊게 읽어 주시기 바랍니다.',
      contact: '약관에 관한 문의는 <mail>{{email}}</mail>로 보내 주세요.',
      sections: {
        acceptance: {
          title: '1. 약관의 동의',
          text: '회원가입, 로그인 또는 거래를 하면 본 약관과 플랫폼에 게시된 공지 및 수수료표(모두 본 약관의 일부)에 동의하는 것입니다.',
        },
        eligibility: {
          title: '2. 이용 자격과 계정',
          text: '이용자는 성년이어야 하며 거주 지역에서 디지털 자산 서비스 이용이 허용되어야 합니다. 비밀번호, 거래 비밀번호, 인증번호의 관리와 계정에서 이루어진 모든 행위에 대한 책임은 이용자에게 있습니다.',
        },
        verification: {
          title: '3. 신원 인증',
          text: '거래, 입금 또는 출금 전에 신원 인증을 요청할 수 있으며, 인증이 완료될 때까지 일부 기능이 제한될 수 있습니다. 제공하는 정보는 사실이며 최신이고 완전해야 합니다.',
        },
        trading: {
          title: '4. 주문과 거래',
          text: '주문은 가격 우선, 시간 우선 원칙으로 체결되며 체결된 주문은 취소할 수 없습니다. 시장가 주문은 당시 최우선 가격으로 체결되어 화면의 현재가와 다를 수 있습니다.',
        },
        fees: {
          title: '5. 수수료',
          text: '거래, 출금 및 기타 수수료는 작업을 확정하기 전과 게시된 수수료표에 표시됩니다. 수수료는 플랫폼 공지를 통해 변경될 수 있습니다.',
        },
        risk: {
          title: '6. 위험 고지',
          text: '디지털 자산 가격은 변동성이 매우 큽니다. 레버리지 및 단기 계약은 현물 거래보다 손실이 빠르게 커질 수 있으며 증거금 전액을 잃을 수 있습니다. 감당할 수 있는 자금으로만 거래하세요.',
        },
        prohibited: {
          title: '7. 금지 행위',
          text: '자금세탁, 테러자금 조달, 사기, 시세 조종에 서비스를 이용하거나 다른 이용자 또는 플랫폼에 피해를 주는 자동화된 방식으로 접근해서는 안 됩니다.',
        },
        suspension: {
          title: '8. 이용 정지와 해지',
          text: '약관이나 법령을 위반한 계정, 또는 관계 당국의 요청이 있는 경우 계정을 동결, 제한 또는 해지할 수 있습니다. 법령이 허용하는 범위에서 남은 잔고를 출금할 수 있습니다.',
        },
        liability: {
          title: '9. 책임의 제한',
          text: '법령이 허용하는 범위에서 시장 변동, 네트워크 혼잡, 합리적 통제를 벗어난 사건 또는 이용자의 계정 정보 관리 소홀로 인한 손실에 대해 책임지지 않습니다.',
        },
        changes: {
          title: '10. 약관의 변경',
          text: '본 약관은 수시로 변경될 수 있으며 새 버전은 플랫폼에 게시됩니다. 시행 후에도 서비스를 계속 이용하면 변경된 약관에 동의한 것으로 봅니다.',
        },
      },
    },
  },
  th: {
    list: {
      title: 'ศูนย์ประกาศ',
      subtitle: 'ประกาศ การลิสต์เหรียญใหม่ และการอัปเดตแพลตฟอร์ม',
      empty: 'ยังไม่มีประกาศ',
      loadError: 'ไม่สามารถโหลดประกาศได้',
      retry: 'ลองอีกครั้ง',
      prev: 'หน้าก่อนหน้า',
      next: 'หน้าถัดไป',
      total: 'ทั้งหมด {{count}} ประกาศ',
    },
    detail: {
      back: 'กลับไปที่ประกาศ',
      updated: 'อัปเดตเมื่อ {{time}}',
      notFound: 'ไม่พบประกาศนี้ หรือประกาศถูกลบไปแล้ว',
      latest: 'ประกาศล่าสุด',
    },
    policy: {
      title: 'ข้อกำหนดการใช้งาน',
      updated: 'อัปเดตล่าสุด: 1 มกราคม 2026',
      contents: 'สารบัญ',
      intro:
        'ข้อกำหนดนี้กำหนดเงื่อนไขการใช้เว็บไซต์ แอป และบริการของเว็บเทรดนี้ โปรดอ่านอย่างละเอียด การสร้างบัญชีหรือใช้บริการถือว่าคุณยอมรับข้อกำหนดนี้',
      contact: 'หากมีคำถามเกี่ยวกับข้อกำหนดนี้ โปรดติดต่อ <mail>{{email}}</mail>',
      sections: {
        acceptance: {
          title: '1. การยอมรับข้อกำหนด',
          text: 'เมื่อคุณสมัครสมาชิก เข้าสู่ระบบ หรือทำการเทรด ถือว่าคุณยอมรับข้อกำหนดนี้ รวมถึงประกาศและตารางค่าธรรมเนียมที่เผยแพร่บนแพลตฟอร์ม ซึ่งเป็นส่วนหนึ่งของข้อกำหนดนี้',
        },
        eligibility: {
          title: '2. คุณสมบัติและบัญชีของคุณ',
          text: 'คุณต้องบรรลุนิติภาวะและได้รับอนุญาตให้ใช้บริการสินทรัพย์ดิจิทัลในพื้นที่ที่คุณอาศัยอยู่ คุณมีหน้าที่เก็บรักษารหัสผ่าน รหัสผ่านการเทรด และรหัสยืนยันเป็นความลับ และรับผิดชอบต่อทุกการกระทำที่เกิดขึ้นในบัญชีของคุณ',
        },
        verification: {
          title: '3. การยืนยันตัวตน',
          text: 'เราอาจขอให้คุณยืนยันตัวตนก่อนเทรด ฝาก หรือถอน และอาจจำกัดบางฟีเจอร์จนกว่าการยืนยันจะเสร็จสิ้น ข้อมูลที่คุณให้ต้องเป็นจริง เป็นปัจจุบัน และครบถ้วน',
        },
        trading: {
          title: '4. คำสั่งซื้อขายและการเทรด',
          text: 'คำสั่งจะถูกจับคู่ตามลำดับราคาและเวลา คำสั่งที่จับคู่แล้วไม่สามารถยกเลิกได้ คำสั่งราคาตลาดจะจับคู่ที่ราคาดีที่สุดในขณะนั้น ซึ่งอาจต่างจากราคาล่าสุดที่แสดง',
        },
        fees: {
          title: '5. ค่าธรรมเนียม',
          text: 'ค่าธรรมเนียมการเทรด การถอน และอื่น ๆ จะแสดงก่อนที่คุณยืนยันรายการและในตารางค่าธรรมเนียมที่เผยแพร่ เราอาจเปลี่ยนแปลงค่าธรรมเนียมโดยแจ้งบนแพลตฟอร์ม',
        },
        risk: {
          title: '6. การเปิดเผยความเสี่ยง',
          text: 'ราคาสินทรัพย์ดิจิทัลผันผวนสูง สัญญาที่ใช้เลเวอเรจและสัญญาระยะสั้นอาจขาดทุนเร็วกว่าการเทรดสปอต และอาจสูญเสียมาร์จิ้นทั้งหมด โปรดเทรดด้วยเงินที่คุณยอมรับการสูญเสียได้เท่านั้น',
        },
        prohibited: {
          title: '7. การใช้งานที่ต้องห้าม',
          text: 'ห้ามใช้บริการเพื่อการฟอกเงิน การสนับสนุนทางการเงินแก่การก่อการร้าย การฉ้อโกง การปั่นราคา หรือเข้าถึงด้วยวิธีอัตโนมัติที่ก่อความเสียหายแก่ผู้ใช้อื่นหรือแพลตฟอร์ม',
        },
        suspension: {
          title: '8. การระงับและปิดบัญชี',
          text: 'เราอาจอายัด จำกัด หรือปิดบัญชีที่ละเมิดข้อกำหนดนี้หรือกฎหมาย หรือเมื่อหน่วยงานที่มีอำนาจร้องขอ ภายใต้ขอบเขตที่กฎหมายอนุญาต คุณสามารถถอนยอดคงเหลือได้',
        },
        liability: {
          title: '9. การจำกัดความรับผิด',
          text: 'ภายใต้ขอบเขตที่กฎหมายอนุญาต เราไม่รับผิดชอบต่อความสูญเสียจากความผันผวนของตลาด ความหนาแน่นของเครือข่าย เหตุการณ์ที่อยู่นอกเหนือการควบคุมตามสมควร หรือการที่คุณไม่เก็บรักษาข้อมูลบัญชีให้ปลอดภัย',
        },
        changes: {
          title: '10. การเปลี่ยนแปลงข้อกำหนด',
          text: 'เราอาจปรับปรุงข้อกำหนดนี้เป็นครั้งคราวและจะเผยแพร่ฉบับใหม่บนแพลตฟอร์ม การใช้บริการต่อหลังจากฉบับใหม่มีผลถือว่าคุณยอมรับข้อกำหนดนั้น',
        },
      },
    },
  },
  ind: {
    list: {
      title: 'Pusat pengumuman',
      subtitle: 'Pengumuman, listing baru, dan pembaruan platform.',
      empty: 'Belum ada pengumuman',
      loadError: 'Pengumuman tidak dapat dimuat.',
      retry: 'Coba lagi',
      prev: 'Halaman sebelumnya',
      next: 'Halaman berikutnya',
      total: '{{count}} pengumuman',
    },
    detail: {
      back: 'Kembali ke pengumuman',
      updated: 'Diperbarui {{time}}',
      notFound: 'Pengumuman ini tidak ada atau sudah dihapus.',
      latest: 'Pengumuman terbaru',
    },
    policy: {
      title: 'Ketentuan penggunaan',
      updated: 'Terakhir diperbarui: 1 Januari 2026',
      contents: 'Daftar isi',
      intro:
        'Ketentuan ini mengatur penggunaan situs web, aplikasi, dan layanan bursa ini. Bacalah dengan saksama: dengan membuat akun atau menggunakan layanan, Anda menyetujuinya.',
      contact: 'Ada pertanyaan tentang ketentuan ini? Kirim email ke <mail>{{email}}</mail>.',
      sections: {
        acceptance: {
          title: '1. Persetujuan atas ketentuan',
          text: 'Dengan mendaftar, masuk, atau bertransaksi, Anda menyetujui ketentuan ini beserta pengumuman dan daftar biaya yang dipublikasikan di platform, yang merupakan bagian darinya.',
        },
        eligibility: {
          title: '2. Kelayakan dan akun Anda',
          text: 'Anda harus cukup umur menurut hukum dan diizinkan menggunakan layanan aset digital di tempat tinggal Anda. Anda bertanggung jawab menjaga kerahasiaan kata sandi, kata sandi trading, dan kode verifikasi, serta atas setiap tindakan melalui akun Anda.',
        },
        verification: {
          title: '3. Verifikasi identitas',
          text: 'Kami dapat meminta Anda memverifikasi identitas sebelum trading, deposit, atau penarikan, dan membatasi fitur tertentu hingga verifikasi selesai. Informasi yang Anda berikan harus benar, terkini, dan lengkap.',
        },
        trading: {
          title: '4. Order dan trading',
          text: 'Order dicocokkan berdasarkan prioritas harga dan waktu. Order yang sudah tereksekusi tidak dapat dibatalkan. Order pasar dieksekusi pada harga terbaik yang tersedia, yang bisa berbeda dari harga terakhir yang ditampilkan.',
        },
        fees: {
          title: '5. Biaya',
          text: 'Biaya trading, penarikan, dan biaya lainnya ditampilkan sebelum Anda mengonfirmasi tindakan dan dalam daftar biaya yang dipublikasikan. Kami dapat mengubah biaya dengan pemberitahuan di platform.',
        },
        risk: {
          title: '6. Pengungkapan risiko',
          text: 'Harga aset digital sangat fluktuatif. Kontrak berleverage dan kontrak jangka pendek dapat merugi lebih cepat daripada trading spot, hingga seluruh margin Anda. Bertransaksilah hanya dengan dana yang sanggup Anda tanggung kerugiannya.',
        },
        prohibited: {
          title: '7. Penggunaan yang dilarang',
          text: 'Anda tidak boleh menggunakan layanan untuk pencucian uang, pendanaan terorisme, penipuan, manipulasi pasar, atau mengaksesnya dengan cara otomatis yang merugikan pengguna lain maupun platform.',
        },
        suspension: {
          title: '8. Penangguhan dan penutupan',
          text: 'Kami dapat membekukan, membatasi, atau menutup akun yang melanggar ketentuan ini atau hukum, atau atas permintaan otoritas yang berwenang. Sejauh diizinkan hukum, Anda dapat menarik saldo yang tersisa.',
        },
        liability: {
          title: '9. Batasan tanggung jawab',
          text: 'Sejauh diizinkan hukum, kami tidak bertanggung jawab atas kerugian akibat pergerakan pasar, kepadatan jaringan, peristiwa di luar kendali wajar kami, atau kelalaian Anda menjaga keamanan kredensial akun.',
        },
        changes: {
          title: '10. Perubahan ketentuan',
          text: 'Kami dapat memperbarui ketentuan ini dari waktu ke waktu dan akan mempublikasikan versi baru di platform; melanjutkan penggunaan layanan setelah berlaku berarti Anda menyetujuinya.',
        },
      },
    },
  },
};

registerTranslations('notice', noticeTranslations);
