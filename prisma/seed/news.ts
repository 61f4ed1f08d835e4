/**
 * Seed content for the news / notice centre.
 *
 * Every article is written once per language from a single definition below, so the English and
 * Simplified Chinese versions always share the same category, sort order and cover image.
 * `content` is restricted to a small, safe subset of HTML: h3, p, ul, li, strong, table, tr, th, td.
 */

export interface SeedNews {
  c_id: number;
  lang: 'en' | 'zh';
  title: string;
  abstract: string;
  content: string;
  cover: string;
  sorts: number;
}

export const NEWS_CATEGORY_NAMES: { id: number; name: string }[] = [
  { id: 4, name: 'Notices' },
  { id: 5, name: 'Banners' },
  { id: 10, name: 'Latest notice' },
  { id: 11, name: 'Header notices' },
  { id: 29, name: 'About' },
  { id: 30, name: 'Support' },
];

interface LocalizedArticle {
  title: string;
  abstract: string;
  content: string;
}

interface ArticleDefinition {
  c_id: number;
  sorts: number;
  cover: string;
  en: LocalizedArticle;
  zh: LocalizedArticle;
}

const html = (...blocks: string[]): string => blocks.join('');

const ARTICLES: ArticleDefinition[] = [
  // ---------------------------------------------------------------------------------------------
  // c_id 11 — Header notices (dropdown, 5 shown at a time)
  // ---------------------------------------------------------------------------------------------
  {
    c_id: 11,
    sorts: 0,
    cover: '',
    en: {
      title: 'Scheduled system maintenance on Sunday, 02:00–04:00 (UTC)',
      abstract:
        'Exchange will carry out scheduled system maintenance on Sunday between 02:00 and 04:00 (UTC), during which trading, deposits and withdrawals will be temporarily unavailable.',
      content: html(
        '<p>Dear users,</p>',
        '<p>To improve platform stability and performance, Exchange will carry out scheduled system maintenance on <strong>Sunday from 02:00 to 04:00 (UTC)</strong>. The maintenance may finish earlier or later than planned depending on progress; we will publish an update as soon as all services are restored.</p>',
        '<h3>Services affected during the maintenance window</h3>',
        '<ul><li>Spot trading on all pairs, including BTC/USDT, ETH/USDT and ETH/BTC</li><li>Contract and seconds contract trading</li><li>Deposits, withdrawals and internal transfers</li><li>P2P marketplace orders</li><li>Live market data: prices, order books and trades</li></ul>',
        '<p>Open spot orders will remain on the order book and will not be cancelled by the maintenance. Because markets may move while trading is paused, we strongly recommend that contract traders review their margin levels and open positions before the maintenance begins.</p>',
        '<p>Deposits sent to your Exchange address during the window are not lost: they are credited to your spot account after the maintenance.</p>',
        '<p>We apologise for any inconvenience and thank you for your understanding and support.</p>',
      ),
    },
    zh: {
      title: '系统维护公告：周日 02:00–04:00（UTC）',
      abstract: 'Exchange 将于周日 02:00 至 04:00（UTC）进行计划内系统维护，维护期间交易、充值和提现将暂停。',
      content: html(
        '<p>尊敬的用户：</p>',
        '<p>为提升平台稳定性和性能，Exchange 将于<strong>周日 02:00 至 04:00（UTC）</strong>进行计划内系统维护。维护可能根据实际进度提前或延后完成，所有服务恢复后我们将第一时间发布更新。</p>',
        '<h3>维护期间受影响的服务</h3>',
        '<ul><li>所有交易对的现货交易，包括 BTC/USDT、ETH/USDT 和 ETH/BTC</li><li>合约及秒合约交易</li><li>充值、提现及内部划转</li><li>P2P 市场订单</li><li>实时行情：价格、订单簿和成交</li></ul>',
        '<p>现货挂单将保留在订单簿中，不会因维护而被撤销。由于交易暂停期间市场仍可能波动，我们强烈建议合约用户在维护开始前检查保证金水平和持仓情况。</p>',
        '<p>维护期间转入您 Exchange 地址的充值不会丢失，维护结束后将计入您的币币账户。</p>',
        '<p>由此给您带来的不便，我们深表歉意，感谢您的理解与支持。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 1,
    cover: '',
    en: {
      title: 'New listing: SOL/USDT spot trading',
      abstract: 'Exchange lists SOL with the SOL/USDT spot trading pair, open for limit and market orders.',
      content: html(
        '<p>Exchange has listed <strong>SOL</strong> and opened the <strong>SOL/USDT</strong> spot trading pair.</p>',
        '<h3>What is available</h3>',
        '<ul><li>SOL/USDT trading: open, with limit and market orders</li><li>Fees: 0.10% for orders that wait on the order book (maker) and 0.20% for orders that trade at once against it (taker)</li><li>SOL deposits: closed. Solana keys cannot give every user an address of their own without a private key on the server, which Exchange does not keep, so the deposit page shows SOL as closed. You can buy SOL with USDT on the SOL/USDT market.</li></ul>',
        '<p>The minimum order size and the price and quantity precision of the pair are shown on the trading page.</p>',
        '<p><strong>Risk reminder:</strong> the prices of newly listed digital assets can be highly volatile. A listing on Exchange is not an endorsement or investment advice. Please assess the risks carefully and only trade with funds you can afford to lose.</p>',
      ),
    },
    zh: {
      title: '新币上线：SOL/USDT 现货交易',
      abstract: 'Exchange 上线 SOL 及 SOL/USDT 现货交易对，支持限价单和市价单。',
      content: html(
        '<p>Exchange 已上线 <strong>SOL</strong>，并开放 <strong>SOL/USDT</strong> 现货交易对。</p>',
        '<h3>开放情况</h3>',
        '<ul><li>SOL/USDT 交易：已开放，支持限价单和市价单</li><li>手续费：挂单（在订单簿上等待成交的订单）0.10%，吃单（立即与订单簿成交的订单）0.20%</li><li>SOL 充值：暂不开放。Solana 的密钥无法在服务器不保存私钥的情况下为每位用户生成专属地址，而 Exchange 不保存私钥，因此充值页面显示 SOL 充值关闭。您可以在 SOL/USDT 市场用 USDT 买入 SOL。</li></ul>',
        '<p>该交易对的最小下单量、价格精度和数量精度请以交易页面显示为准。</p>',
        '<p><strong>风险提示：</strong>新上线数字资产的价格可能剧烈波动。在 Exchange 上线并不代表对该资产的背书，也不构成投资建议。请审慎评估风险，仅使用您能够承受损失的资金进行交易。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 2,
    cover: '',
    en: {
      title: 'Spot trading fees',
      abstract: 'Every spot pair charges 0.10% to makers and 0.20% to takers, taken from what you receive.',
      content: html(
        '<p>Spot trades on Exchange are charged 0.10% for orders that wait on the order book (maker) and 0.20% for orders that trade at once against it (taker). The same rates apply to every pair, including ETH/BTC.</p>',
        '<ul><li>The fee is taken from what you receive: a buyer pays it in the coin bought, a seller in the currency received.</li><li>An order that partly waits and partly trades at once pays the taker rate on the part that traded at once and the maker rate on the rest.</li><li>The order form shows the pair’s current rates before you place an order.</li></ul>',
        '<p>Deposits and transfers between your own accounts are free. Withdrawal fees are shown on the withdraw page.</p>',
        '<p>Any change of a pair’s fees will be announced here before it takes effect.</p>',
      ),
    },
    zh: {
      title: '现货交易手续费',
      abstract: '所有现货交易对均按挂单 0.10%、吃单 0.20% 收取手续费，从您收到的资产中扣除。',
      content: html(
        '<p>Exchange 的现货交易手续费为：挂单（在订单簿上等待成交的订单）0.10%，吃单（立即与订单簿成交的订单）0.20%。所有交易对（包括 ETH/BTC）费率相同。</p>',
        '<ul><li>手续费从您收到的资产中扣除：买方以买入的币种支付，卖方以收到的币种支付。</li><li>部分挂单、部分立即成交的订单，立即成交部分按吃单费率收取，其余部分按挂单费率收取。</li><li>下单前，下单面板会显示该交易对当前的费率。</li></ul>',
        '<p>充值及您本人账户之间的划转免费。提币手续费以提币页面显示为准。</p>',
        '<p>任何交易对的费率调整都将在生效前于此公告。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 3,
    cover: '',
    en: {
      title: 'Security reminder: beware of phishing websites and messages',
      abstract:
        'Exchange reminds users to stay alert to phishing websites, fake support accounts and messages asking for passwords or verification codes.',
      content: html(
        '<p>We have recently seen an increase in phishing attempts targeting users of digital asset platforms. Attackers imitate login pages, support staff and official announcements to steal account credentials and funds.</p>',
        '<h3>How to protect yourself</h3>',
        '<ul><li>Always check the address in your browser before logging in, and bookmark the official site instead of following links in emails, messages or adverts.</li><li>Exchange staff will <strong>never</strong> ask for your password, trade password or email/SMS verification code.</li><li>Never transfer assets to an “official” address provided in a chat or message. Deposit addresses are only shown on your own Assets page.</li><li>Set a trade password: withdrawals, P2P orders and savings deposits ask for it, so a stolen login password alone cannot move your funds out.</li><li>Be wary of anyone promising guaranteed profits or asking you to install remote-access software.</li></ul>',
        '<p>If you suspect your account has been compromised, change your password and your trade password immediately and write to support at the e-mail address at the bottom of every page so that we can help secure your account.</p>',
        '<p>Thank you for helping us keep Exchange safe.</p>',
      ),
    },
    zh: {
      title: '安全提醒：谨防钓鱼网站和诈骗信息',
      abstract: 'Exchange 提醒用户警惕钓鱼网站、假冒客服账号以及索要密码或验证码的信息。',
      content: html(
        '<p>近期针对数字资产平台用户的钓鱼攻击有所增加。攻击者会仿冒登录页面、客服人员和官方公告，以窃取账户凭证和资产。</p>',
        '<h3>如何保护自己</h3>',
        '<ul><li>登录前请务必核对浏览器地址栏中的网址，并将官方网站加入书签，不要通过邮件、消息或广告中的链接访问。</li><li>Exchange 工作人员<strong>绝不会</strong>索要您的登录密码、交易密码或邮件/短信验证码。</li><li>切勿向聊天或消息中提供的所谓“官方”地址转账。充值地址只会显示在您本人的资产页面中。</li><li>请设置交易密码：提币、P2P 订单和理财存入都需要输入交易密码，仅凭被盗的登录密码无法转出您的资产。</li><li>警惕任何承诺保证收益或要求您安装远程控制软件的人。</li></ul>',
        '<p>如果您怀疑账户已被盗用，请立即修改登录密码和交易密码，并发送邮件至每个页面底部的客服邮箱，以便我们协助保护您的账户安全。</p>',
        '<p>感谢您与我们共同维护 Exchange 的安全。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 4,
    cover: '',
    en: {
      title: 'Deposit and withdrawal network upgrade for BTC, ETH and LTC',
      abstract:
        'Deposits and withdrawals of BTC, ETH and LTC will be briefly suspended while Exchange upgrades its wallet nodes; trading is not affected.',
      content: html(
        '<p>Exchange will upgrade the wallet nodes that process deposits and withdrawals on the <strong>BTC, ETH and LTC</strong> networks. Deposit addresses stay the same.</p>',
        '<h3>What to expect</h3>',
        '<ul><li>Deposits and withdrawals of BTC, ETH and LTC will be suspended for approximately one hour while the upgrade is in progress.</li><li>Trading on all pairs, including BTC/USDT, ETH/USDT, LTC/USDT and ETH/BTC, will continue as normal.</li><li>Withdrawal requests submitted before the suspension will be processed after the upgrade.</li></ul>',
        '<p>Deposits sent during the upgrade are not lost: they are credited to your spot account after it. You do not need to take any action.</p>',
        '<p>Deposit and withdrawal status for each asset is always shown on the deposit and withdrawal pages. Please check it before initiating a transfer.</p>',
      ),
    },
    zh: {
      title: 'BTC、ETH 和 LTC 充提网络升级公告',
      abstract: 'Exchange 升级钱包节点期间，BTC、ETH 和 LTC 的充值和提现将短暂暂停，交易不受影响。',
      content: html(
        '<p>Exchange 将对处理 <strong>BTC、ETH 和 LTC</strong> 网络充值和提现的钱包节点进行升级。充值地址保持不变。</p>',
        '<h3>升级期间的安排</h3>',
        '<ul><li>升级期间，BTC、ETH 和 LTC 的充值和提现将暂停约一小时。</li><li>所有交易对（包括 BTC/USDT、ETH/USDT、LTC/USDT 和 ETH/BTC）的交易照常进行。</li><li>暂停前提交的提现申请将在升级完成后处理。</li></ul>',
        '<p>升级期间发送的充值不会丢失，升级完成后将计入您的币币账户，您无需进行任何操作。</p>',
        '<p>各资产的充值和提现状态始终显示在充值和提现页面上，发起转账前请先查看。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 5,
    cover: '',
    en: {
      title: 'How sign-in and verification codes are protected',
      abstract:
        'Exchange slows down password guessing without locking you out, and limits how often verification codes are sent.',
      content: html(
        '<p>To protect your account from password guessing and your inbox from floods of codes, Exchange applies these limits.</p>',
        '<table><tr><th>What</th><th>Limit</th></tr><tr><td>Wrong login passwords from one address</td><td>10 per account in 15 minutes</td></tr><tr><td>Wrong login passwords from anywhere</td><td>after 10 in an hour, each further try waits for the one before it, up to a minute; you are never locked out, and signing in with a verification code skips the wait</td></tr><tr><td>Wrong trade passwords</td><td>5 in 15 minutes</td></tr><tr><td>A new verification code</td><td>after 60 seconds (30 seconds for a withdraw address, 31 seconds for a password reset), at most 20 a day to one e-mail address or phone</td></tr></table>',
        '<p>A request over a limit is refused with a message saying so; try again after the wait it names.</p>',
        '<p>If you see refusals you did not cause, someone may be guessing your password: change it and set a trade password.</p>',
      ),
    },
    zh: {
      title: '登录与验证码的安全保护',
      abstract: 'Exchange 会减缓密码猜测且不会锁定您的账户，并限制验证码的发送频率。',
      content: html(
        '<p>为防止密码被猜测、避免验证码刷屏，Exchange 采用以下限制。</p>',
        '<table><tr><th>项目</th><th>限制</th></tr><tr><td>同一地址输错登录密码</td><td>每个账户 15 分钟内 10 次</td></tr><tr><td>所有地址合计输错登录密码</td><td>一小时内超过 10 次后，每次尝试须等待上一次结束，最长等待一分钟；账户不会被锁定，使用验证码登录可跳过等待</td></tr><tr><td>输错交易密码</td><td>15 分钟内 5 次</td></tr><tr><td>重新获取验证码</td><td>60 秒后（绑定提币地址为 30 秒，重置密码为 31 秒），同一邮箱或手机每天最多 20 条</td></tr></table>',
        '<p>超出限制的请求会被拒绝并提示原因，请按提示的时间后再试。</p>',
        '<p>如果您看到并非本人操作导致的拒绝提示，可能有人在猜测您的密码：请修改密码并设置交易密码。</p>',
      ),
    },
  },

  // ---------------------------------------------------------------------------------------------
  // c_id 4 — Notice list
  // ---------------------------------------------------------------------------------------------
  {
    c_id: 4,
    sorts: 0,
    cover: '',
    en: {
      title: 'Exchange lists XRP/USDT and DOGE/USDT spot trading pairs',
      abstract:
        'XRP and DOGE are now available on Exchange, with the XRP/USDT and DOGE/USDT spot pairs open for trading.',
      content: html(
        '<p>Exchange has listed <strong>XRP</strong> and <strong>DOGE</strong>. The <strong>XRP/USDT</strong> and <strong>DOGE/USDT</strong> spot trading pairs are now open.</p>',
        '<h3>Trading details</h3>',
        '<ul><li>Deposits: open</li><li>Trading: open, with limit and market orders supported</li><li>Withdrawals: open</li><li>Fees: 0.10% for orders that wait on the order book (maker) and 0.20% for orders that trade at once against it (taker)</li></ul>',
        '<p>Some networks require a memo or tag in addition to the deposit address. If the deposit page shows a memo/tag field, you must include it, otherwise the deposit cannot be credited automatically.</p>',
        '<p>Minimum order size, price precision and quantity precision for each pair are shown on the trading page.</p>',
        '<p><strong>Risk reminder:</strong> digital asset prices can be extremely volatile. Please make your own assessment before trading; this announcement does not constitute investment advice.</p>',
      ),
    },
    zh: {
      title: 'Exchange 上线 XRP/USDT 与 DOGE/USDT 现货交易对',
      abstract: 'XRP 和 DOGE 现已登陆 Exchange，XRP/USDT 与 DOGE/USDT 现货交易对已开放交易。',
      content: html(
        '<p>Exchange 已上线 <strong>XRP</strong> 和 <strong>DOGE</strong>，<strong>XRP/USDT</strong> 与 <strong>DOGE/USDT</strong> 现货交易对现已开放。</p>',
        '<h3>交易详情</h3>',
        '<ul><li>充值：已开放</li><li>交易：已开放，支持限价单和市价单</li><li>提现：已开放</li><li>手续费：挂单（在订单簿上等待成交的订单）0.10%，吃单（立即与订单簿成交的订单）0.20%</li></ul>',
        '<p>部分网络除充值地址外还需要填写备注（Memo/Tag）。如果充值页面显示备注字段，您必须填写，否则充值将无法自动入账。</p>',
        '<p>各交易对的最小下单量、价格精度和数量精度请以交易页面显示为准。</p>',
        '<p><strong>风险提示：</strong>数字资产价格可能剧烈波动。交易前请自行评估；本公告不构成任何投资建议。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 1,
    cover: '',
    en: {
      title: 'Risk warning: leveraged contract trading',
      abstract:
        'Leveraged contracts magnify both gains and losses, and positions can be liquidated quickly; please understand the risks before trading.',
      content: html(
        '<p>Contract trading with leverage is a high-risk activity and is not suitable for every user. Before opening a position, please make sure you understand how margin, leverage and liquidation work.</p>',
        '<h3>Key risks</h3>',
        '<ul><li><strong>Magnified losses:</strong> leverage increases your exposure. With 10x leverage, a 10% price move against your position can wipe out your entire margin.</li><li><strong>Liquidation:</strong> when the risk rate of your contract account falls to 10% (your balance, margins and unrealised profit and loss against the margins of your open positions), all of its open positions are closed automatically and you may lose all of their margin.</li><li><strong>Volatility and gaps:</strong> prices can move sharply within seconds, and in fast markets positions may be closed at prices worse than expected.</li><li><strong>Fees:</strong> the trading fee is charged on the full position value, not just the margin, and an overnight fee is charged for every day a position stays open.</li></ul>',
        '<p>We recommend starting with low leverage, setting a stop-loss price on every position and never committing more margin than you can afford to lose. Past performance is not an indicator of future results.</p>',
        '<p>By trading contracts on Exchange you confirm that you have read and understood this risk warning and the Terms of service.</p>',
      ),
    },
    zh: {
      title: '风险提示：杠杆合约交易',
      abstract: '杠杆合约会同时放大收益和亏损，仓位可能被迅速强制平仓，交易前请充分了解相关风险。',
      content: html(
        '<p>杠杆合约交易属于高风险活动，并不适合所有用户。开仓前，请确保您了解保证金、杠杆和强制平仓的运作方式。</p>',
        '<h3>主要风险</h3>',
        '<ul><li><strong>亏损放大：</strong>杠杆会放大您的风险敞口。使用 10 倍杠杆时，价格反向波动 10% 就可能导致全部保证金亏损。</li><li><strong>强制平仓：</strong>当合约账户的风险率（账户余额、保证金及未实现盈亏相对于持仓保证金的比率）降至 10% 时，该账户的全部持仓将被自动平仓，您可能损失其全部保证金。</li><li><strong>波动与跳空：</strong>价格可能在数秒内大幅波动，在快速行情中仓位可能以差于预期的价格平仓。</li><li><strong>手续费：</strong>交易手续费按仓位总价值收取，而不仅是保证金部分；持仓每过一天还将收取隔夜费。</li></ul>',
        '<p>我们建议从低杠杆开始，为每个仓位设置止损价，且投入的保证金切勿超过您能承受损失的范围。过往表现并不代表未来结果。</p>',
        '<p>在 Exchange 进行合约交易，即表示您已阅读并理解本风险提示及《服务条款》。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 2,
    cover: '',
    en: {
      title: 'Risk warning: seconds contracts',
      abstract:
        'Seconds contracts settle after a short fixed period and you can lose your entire stake on each order; please trade responsibly.',
      content: html(
        '<p>Seconds contracts let you take a view on whether the price of a pair such as BTC/USDT or ETH/USDT will be higher or lower than the entry price at the end of a short, fixed period. They are a high-risk product.</p>',
        '<h3>How settlement works</h3>',
        '<ul><li>Each order has a fixed duration, for example 60 seconds, and settles automatically at expiry.</li><li>If the settlement price moves in the direction you chose, the payout ratio shown before you confirmed the order applies.</li><li>If the price moves against you, <strong>you lose the full amount staked on that order</strong>.</li><li>A fee of 1% of the stake is charged on every order, whatever its outcome.</li></ul>',
        '<p>Short-term price movements are essentially unpredictable. Frequent trading over short periods can lead to rapid and significant losses, and no strategy can guarantee a profit.</p>',
        '<p>Please set a personal budget, avoid trying to recover losses by increasing your stake, and take breaks. If you feel that trading is affecting your finances or wellbeing, stop trading.</p>',
      ),
    },
    zh: {
      title: '风险提示：秒合约',
      abstract: '秒合约在短暂的固定周期后结算，每笔订单都可能损失全部投入金额，请理性交易。',
      content: html(
        '<p>秒合约允许您判断 BTC/USDT、ETH/USDT 等交易对的价格在一个短暂的固定周期结束时将高于还是低于开仓价格。这是一种高风险产品。</p>',
        '<h3>结算方式</h3>',
        '<ul><li>每笔订单都有固定的时长（例如 60 秒），到期后自动结算。</li><li>若结算价格朝您选择的方向变动，将按您确认订单前显示的收益比例结算。</li><li>若价格朝相反方向变动，<strong>您将损失该笔订单投入的全部金额</strong>。</li><li>每笔订单无论结果如何，均收取投入金额 1% 的手续费。</li></ul>',
        '<p>短期价格走势本质上无法预测。在短周期内频繁交易可能导致迅速且重大的亏损，任何策略都无法保证盈利。</p>',
        '<p>请为自己设定预算，避免通过加大投入来挽回亏损，并适时休息。如果您感到交易正在影响您的财务状况或身心健康，请停止交易。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 3,
    cover: '',
    en: {
      title: 'Identity verification',
      abstract:
        'Verify your identity once to trade on the P2P marketplace; the exchange reviews every submission.',
      content: html(
        '<p>Exchange asks for identity verification before you trade with other users on the P2P marketplace, so that every counterparty there is a verified person.</p>',
        '<h3>What to submit</h3>',
        '<ul><li>Your full name and ID number</li><li>Photos of the front and the back of your ID document</li><li>A photo of you holding the document</li></ul>',
        '<p>Submit them on the Identity verification page of your account. The page shows “auditing” while the exchange reviews your submission and “certified” once it is approved. Spot trading, contracts, deposits and withdrawals do not need it.</p>',
        '<p>Your documents are used only for verification and legal compliance. Please see the Privacy policy for details.</p>',
      ),
    },
    zh: {
      title: '身份认证',
      abstract: '完成一次身份认证即可在 P2P 市场交易；每份申请均由平台审核。',
      content: html(
        '<p>在 P2P 市场与其他用户交易前，Exchange 要求您完成身份认证，以确保每位交易对手都是经过认证的真实用户。</p>',
        '<h3>需要提交的资料</h3>',
        '<ul><li>您的姓名和证件号码</li><li>证件正面和背面照片</li><li>手持证件照片</li></ul>',
        '<p>请在账户的身份认证页面提交。平台审核期间页面显示“审核中”，通过后显示“已认证”。现货交易、合约、充值和提币无需身份认证。</p>',
        '<p>您的证件资料仅用于身份认证及法律合规。详情请参阅《隐私政策》。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 4,
    cover: '',
    en: {
      title: 'Launch of the C2C marketplace',
      abstract:
        'The Exchange C2C marketplace is now live, allowing verified users to buy and sell USDT directly with each other under escrow protection.',
      content: html(
        '<p>We are pleased to announce the launch of the <strong>C2C marketplace</strong>, where verified users can buy and sell USDT directly with other users.</p>',
        '<h3>How it works</h3>',
        '<ul><li>Browse adverts, listed best price first, and choose one by price, limits and payment method.</li><li>When an order is placed, the seller’s USDT is locked in escrow by Exchange.</li><li>The buyer pays the seller outside the platform using the agreed payment method and marks the order as paid.</li><li>Once the seller confirms receipt of payment, the USDT is released to the buyer.</li></ul>',
        '<p>An order that is not marked as paid within 24 hours is cancelled and the escrow returns to the seller. If there is a disagreement about a paid order, either party can open an appeal and tell the exchange what happened; the exchange reviews both sides and decides whether the escrowed funds go to the buyer or back to the seller.</p>',
        '<p>For your safety, never confirm receipt before you have checked that the payment has arrived in your own account, and never accept requests to complete a trade outside the marketplace.</p>',
        '<p>To trade on the marketplace you need identity verification, a trade password and a receiving account (bank card, Alipay or WeChat) in your account settings.</p>',
      ),
    },
    zh: {
      title: 'C2C 市场正式上线',
      abstract: 'Exchange C2C 市场现已上线，已认证用户可在托管保护下直接与其他用户买卖 USDT。',
      content: html(
        '<p>我们很高兴地宣布 <strong>C2C 市场</strong>正式上线，已认证用户可以在此直接与其他用户买卖 USDT。</p>',
        '<h3>交易流程</h3>',
        '<ul><li>浏览按最优价格排序的广告，根据价格、限额和支付方式进行选择。</li><li>下单后，卖家的 USDT 将由 Exchange 托管冻结。</li><li>买家通过约定的支付方式在平台外向卖家付款，并将订单标记为已付款。</li><li>卖家确认收到款项后，USDT 将放行至买家账户。</li></ul>',
        '<p>订单 24 小时内未标记付款将自动取消，托管资产退还卖家。已付款订单如发生争议，任何一方均可发起申诉并说明情况；平台审核双方陈述后，决定托管资产放行给买家或退还卖家。</p>',
        '<p>为保障您的安全，在确认款项已到达您本人账户之前切勿确认收款；切勿接受在市场之外完成交易的请求。</p>',
        '<p>在市场交易需完成身份认证、设置交易密码，并在账户设置中添加收款方式（银行卡、支付宝或微信）。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 5,
    cover: '',
    en: {
      title: 'Deposit savings: fixed-term plans',
      abstract:
        'Lock USDT, BTC or ETH for a fixed term and receive interest every day; the principal returns at the end of the term.',
      content: html(
        '<p>Exchange offers <strong>deposit savings</strong>: choose a plan, lock an amount from your spot account for its term and receive its interest day by day.</p>',
        '<table><tr><th>Coin</th><th>Term</th><th>Interest over the term</th><th>Minimum</th></tr><tr><td>USDT</td><td>7 days</td><td>0.2%</td><td>10 USDT</td></tr><tr><td>USDT</td><td>30 days</td><td>1%</td><td>10 USDT</td></tr><tr><td>USDT</td><td>90 days</td><td>3.6%</td><td>100 USDT</td></tr><tr><td>BTC</td><td>30 days</td><td>0.5%</td><td>0.001 BTC</td></tr><tr><td>ETH</td><td>30 days</td><td>0.8%</td><td>0.01 ETH</td></tr></table>',
        '<ul><li>Deposit from the savings page with your trade password; the amount stays locked in your spot account until the term ends. It cannot be taken out early.</li><li>Each completed day pays an equal share of the term’s interest into your spot account.</li><li>At the end of the term the principal becomes available again.</li></ul>',
        '<p>The plans and rates on the savings page are the ones in force; a change never alters a deposit already made. Savings balances are not bank deposits and are not covered by any deposit protection scheme.</p>',
      ),
    },
    zh: {
      title: '定期理财：固定期限存入',
      abstract: '将 USDT、BTC 或 ETH 锁定固定期限，每日获得利息，到期返还本金。',
      content: html(
        '<p>Exchange 提供<strong>定期理财</strong>：选择方案，从币币账户锁定一笔金额至期满，并按日获得利息。</p>',
        '<table><tr><th>币种</th><th>期限</th><th>期内总利率</th><th>起存金额</th></tr><tr><td>USDT</td><td>7 天</td><td>0.2%</td><td>10 USDT</td></tr><tr><td>USDT</td><td>30 天</td><td>1%</td><td>10 USDT</td></tr><tr><td>USDT</td><td>90 天</td><td>3.6%</td><td>100 USDT</td></tr><tr><td>BTC</td><td>30 天</td><td>0.5%</td><td>0.001 BTC</td></tr><tr><td>ETH</td><td>30 天</td><td>0.8%</td><td>0.01 ETH</td></tr></table>',
        '<ul><li>在理财页面输入交易密码存入；该金额在期满前锁定于您的币币账户，不可提前取出。</li><li>每满一天，期内利息的等额部分计入您的币币账户。</li><li>期满后本金恢复可用。</li></ul>',
        '<p>理财页面显示的方案和利率即现行方案；方案调整不影响已存入的理财。理财余额不属于银行存款，不受任何存款保障计划保护。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 6,
    cover: '',
    en: {
      title: 'Exchange lists LTC/USDT and ETH/BTC spot trading pairs',
      abstract: 'The LTC/USDT and ETH/BTC spot trading pairs are now open on Exchange.',
      content: html(
        '<p>Exchange has opened two new spot trading pairs: <strong>LTC/USDT</strong> and <strong>ETH/BTC</strong>.</p>',
        '<p>ETH/BTC is quoted in BTC, which allows you to trade between ETH and BTC directly without converting through USDT. Prices, fees and order sizes on this pair are expressed in BTC.</p>',
        '<h3>Availability</h3>',
        '<ul><li>LTC deposits and withdrawals: open</li><li>LTC/USDT trading: open</li><li>ETH/BTC trading: open</li></ul>',
        '<p>Both pairs charge the same spot fees as every pair: 0.10% for orders that wait on the order book (maker) and 0.20% for orders that trade at once against it (taker).</p>',
        '<p><strong>Risk reminder:</strong> digital asset prices can be highly volatile. This announcement is for information only and does not constitute investment advice.</p>',
      ),
    },
    zh: {
      title: 'Exchange 上线 LTC/USDT 与 ETH/BTC 现货交易对',
      abstract: 'LTC/USDT 与 ETH/BTC 现货交易对现已在 Exchange 开放交易。',
      content: html(
        '<p>Exchange 已开放两个新的现货交易对：<strong>LTC/USDT</strong> 和 <strong>ETH/BTC</strong>。</p>',
        '<p>ETH/BTC 以 BTC 计价，您可以直接在 ETH 和 BTC 之间交易，无需通过 USDT 兑换。该交易对的价格、手续费和下单数量均以 BTC 计。</p>',
        '<h3>开放情况</h3>',
        '<ul><li>LTC 充值与提现：已开放</li><li>LTC/USDT 交易：已开放</li><li>ETH/BTC 交易：已开放</li></ul>',
        '<p>两个交易对与其他交易对的现货费率相同：挂单（在订单簿上等待成交的订单）0.10%，吃单（立即与订单簿成交的订单）0.20%。</p>',
        '<p><strong>风险提示：</strong>数字资产价格可能剧烈波动。本公告仅供参考，不构成任何投资建议。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 7,
    cover: '',
    en: {
      title: 'Account security: trade password, reviewed withdrawals and withdraw addresses',
      abstract:
        'A trade password guards every withdrawal, P2P order and savings deposit, and the exchange reviews each withdrawal before it is sent.',
      content: html(
        '<p>Three things keep the funds in your Exchange account yours.</p>',
        '<h3>Trade password</h3>',
        '<p>A second password, separate from the login password, that withdrawals, P2P order steps and savings deposits ask for. Set it in your account settings; wrong trade passwords are limited to 5 in 15 minutes.</p>',
        '<h3>Reviewed withdrawals</h3>',
        '<p>Every withdrawal is reviewed by the exchange before it is sent. Until then the amount stays locked in your account; a refused withdrawal returns to it in full, fee included.</p>',
        '<h3>Withdraw addresses</h3>',
        '<p>Withdrawals go to addresses you bound beforehand on the withdraw-address page, each confirmed with a code sent to your e-mail or phone. Every address is checked against its network’s checksum.</p>',
      ),
    },
    zh: {
      title: '账户安全：交易密码、提币审核与提币地址',
      abstract: '交易密码保护每一笔提币、P2P 订单和理财存入，每笔提币在发出前均经平台审核。',
      content: html(
        '<p>以下三项措施保护您 Exchange 账户中的资产。</p>',
        '<h3>交易密码</h3>',
        '<p>独立于登录密码的第二个密码，提币、P2P 订单操作和理财存入时需要输入。请在账户设置中设置；15 分钟内最多可输错 5 次。</p>',
        '<h3>提币审核</h3>',
        '<p>每笔提币在发出前均由平台审核。审核完成前，该金额锁定在您的账户中；被拒绝的提币将全额退回（含手续费）。</p>',
        '<h3>提币地址</h3>',
        '<p>提币只能发送至您事先在提币地址页面绑定的地址，每个地址绑定时需输入发送至您邮箱或手机的验证码，并按其网络的校验规则进行检查。</p>',
      ),
    },
  },

  // ---------------------------------------------------------------------------------------------
  // c_id 10 — Latest notice
  // ---------------------------------------------------------------------------------------------
  {
    c_id: 10,
    sorts: 0,
    cover: '',
    en: {
      title: 'Exchange is now open for trading',
      abstract:
        'Exchange is now live, offering spot trading, contracts, a P2P marketplace and deposit savings in seven languages.',
      content: html(
        '<p>We are pleased to announce that <strong>Exchange</strong> is now open to users. Create an account in a few minutes and start trading digital assets on a platform built around security, transparency and performance.</p>',
        '<h3>Available at launch</h3>',
        '<ul><li>Spot trading on BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, XRP/USDT, DOGE/USDT, LTC/USDT and ETH/BTC</li><li>Leveraged contracts on BTC/USDT and ETH/USDT, and seconds contracts</li><li>The P2P marketplace for buying and selling USDT with other users</li><li>Fixed-term deposit savings</li><li>The points exchange and referral rebates for your team</li></ul>',
        '<p>The platform is available in English, Simplified Chinese, Traditional Chinese, Japanese, Korean, Thai and Indonesian. You can switch language at any time from the top navigation bar.</p>',
        '<p>Before you start, we recommend setting a trade password and reading the risk warnings for leveraged and seconds contracts in the Notices section.</p>',
        '<p>Thank you for choosing Exchange.</p>',
      ),
    },
    zh: {
      title: 'Exchange 正式开放交易',
      abstract: 'Exchange 现已正式上线，提供现货交易、合约、P2P 市场及定期理财服务，支持七种语言。',
      content: html(
        '<p>我们很高兴地宣布 <strong>Exchange</strong> 现已向用户开放。只需几分钟即可注册账户，在一个以安全、透明和高性能为核心的平台上开始交易数字资产。</p>',
        '<h3>首批上线功能</h3>',
        '<ul><li>现货交易：BTC/USDT、ETH/USDT、BNB/USDT、SOL/USDT、XRP/USDT、DOGE/USDT、LTC/USDT 和 ETH/BTC</li><li>BTC/USDT 与 ETH/USDT 杠杆合约，以及秒合约</li><li>与其他用户买卖 USDT 的 P2P 市场</li><li>定期理财</li><li>积分兑换及团队推荐返佣</li></ul>',
        '<p>平台支持英文、简体中文、繁体中文、日文、韩文、泰文和印尼文，您可随时通过顶部导航栏切换语言。</p>',
        '<p>开始交易前，我们建议您设置交易密码，并阅读公告栏目中有关杠杆合约和秒合约的风险提示。</p>',
        '<p>感谢您选择 Exchange。</p>',
      ),
    },
  },
  {
    c_id: 10,
    sorts: 1,
    cover: '',
    en: {
      title: 'Contract trading now available for BTC/USDT and ETH/USDT',
      abstract:
        'USDT-margined contracts are now available for BTC/USDT and ETH/USDT, long or short, with 5x to 100x leverage.',
      content: html(
        '<p>USDT-margined contract trading is now available for <strong>BTC/USDT</strong> and <strong>ETH/USDT</strong>.</p>',
        '<h3>Features</h3>',
        '<ul><li>Go long or short with 5x, 10x, 20x, 50x or 100x leverage</li><li>Market orders, and limit orders that open when the price reaches them</li><li>A take-profit and a stop-loss price on each open position</li><li>The risk rate of your contract account, live: when it falls to 10%, its positions are closed automatically</li></ul>',
        '<p>Fees: 0.1% of the position value when it opens, a spread of 0.02% of the price, and an overnight fee of 0.05% of the position value for each day it stays open.</p>',
        '<p>To open a position, transfer USDT from your spot account to your contract account, then select the pair, leverage and order type on the contract trading page.</p>',
        '<p>Contract trading carries a high level of risk and you may lose all of your margin. Please read the leveraged contract risk warning before you begin.</p>',
      ),
    },
    zh: {
      title: 'BTC/USDT 与 ETH/USDT 合约交易现已开放',
      abstract: 'BTC/USDT 与 ETH/USDT 的 USDT 本位合约现已开放，可做多或做空，杠杆 5 至 100 倍。',
      content: html(
        '<p><strong>BTC/USDT</strong> 与 <strong>ETH/USDT</strong> 的 USDT 本位合约交易现已开放。</p>',
        '<h3>功能特点</h3>',
        '<ul><li>支持做多或做空，杠杆倍数可选 5、10、20、50 或 100 倍</li><li>市价单，以及价格到达时开仓的限价单</li><li>每个持仓均可设置止盈价和止损价</li><li>实时显示合约账户风险率：降至 10% 时，其持仓将被自动平仓</li></ul>',
        '<p>费用：开仓时收取仓位价值的 0.1% 手续费，价格点差 0.02%，持仓每过一天收取仓位价值 0.05% 的隔夜费。</p>',
        '<p>开仓前，请先将 USDT 从币币账户划转至合约账户，然后在合约交易页面选择交易对、杠杆倍数和订单类型。</p>',
        '<p>合约交易风险较高，您可能损失全部保证金。开始交易前请阅读杠杆合约风险提示。</p>',
      ),
    },
  },
  {
    c_id: 10,
    sorts: 2,
    cover: '',
    en: {
      title: 'Upgraded mobile web experience',
      abstract:
        'The Exchange website has been redesigned for mobile browsers, with a faster trading page, simplified order entry and a new assets overview.',
      content: html(
        '<p>We have upgraded the Exchange website to give you a better experience on phones and tablets.</p>',
        '<h3>What is new</h3>',
        '<ul><li>A responsive trading page with a compact order book, chart and order form</li><li>Simplified order entry with a percentage slider for order size</li><li>An assets area with your spot, fiat, contract and seconds accounts and their totals</li><li>Faster page loads and real-time updates over WebSocket</li></ul>',
        '<p>No app installation is needed: simply open the website in your mobile browser. For extra convenience, you can add it to your home screen.</p>',
        '<p>We would love to hear your feedback. Please share suggestions with our support team through the Support page.</p>',
      ),
    },
    zh: {
      title: '移动网页端体验全面升级',
      abstract: 'Exchange 网站已针对移动浏览器重新设计，交易页面更快、下单更简便，并新增资产总览。',
      content: html(
        '<p>我们对 Exchange 网站进行了升级，为您在手机和平板上带来更好的体验。</p>',
        '<h3>更新内容</h3>',
        '<ul><li>自适应交易页面，紧凑展示订单簿、K 线图和下单面板</li><li>简化下单流程，可用百分比滑块选择下单数量</li><li>资产页面集中展示币币、法币、合约和秒合约账户及其总额</li><li>页面加载更快，并通过 WebSocket 实时更新</li></ul>',
        '<p>无需安装应用，只需在手机浏览器中打开网站即可使用。为方便访问，您还可以将其添加到主屏幕。</p>',
        '<p>欢迎您提出宝贵意见，请通过帮助支持页面向客服团队反馈建议。</p>',
      ),
    },
  },

  // ---------------------------------------------------------------------------------------------
  // c_id 5 — Home page banners
  // ---------------------------------------------------------------------------------------------
  {
    c_id: 5,
    sorts: 0,
    cover: '/banners/banner-1.svg',
    en: {
      title: 'Trade spot markets with deep liquidity',
      abstract:
        'Trade BTC, ETH and other major digital assets on a fast matching engine with simple, published fees.',
      content: html(
        '<p>Exchange offers spot markets for major digital assets, including <strong>BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, XRP/USDT, DOGE/USDT, LTC/USDT and ETH/BTC</strong>.</p>',
        '<ul><li>A high-performance matching engine with real-time order books</li><li>Limit and market orders</li><li>Simple fees: 0.10% maker and 0.20% taker on every pair</li><li>Candlestick charts from one minute to one month, with moving averages</li></ul>',
        '<p>Create an account, deposit assets and place your first order in minutes.</p>',
        '<p>Digital asset prices can be volatile. Please trade responsibly.</p>',
      ),
    },
    zh: {
      title: '深度流动性，畅享现货交易',
      abstract: '在高速撮合引擎上交易 BTC、ETH 等主流数字资产，费率简单公开。',
      content: html(
        '<p>Exchange 提供主流数字资产的现货市场，包括 <strong>BTC/USDT、ETH/USDT、BNB/USDT、SOL/USDT、XRP/USDT、DOGE/USDT、LTC/USDT 和 ETH/BTC</strong>。</p>',
        '<ul><li>高性能撮合引擎，订单簿实时更新</li><li>支持限价单和市价单</li><li>简单的费率：所有交易对挂单 0.10%、吃单 0.20%</li><li>K 线图，周期从 1 分钟到 1 个月，附移动平均线</li></ul>',
        '<p>注册账户、充值资产，几分钟内即可完成首笔交易。</p>',
        '<p>数字资产价格可能剧烈波动，请理性交易。</p>',
      ),
    },
  },
  {
    c_id: 5,
    sorts: 1,
    cover: '/banners/banner-2.svg',
    en: {
      title: 'Leverage and seconds contracts',
      abstract:
        'Go long or short with leveraged contracts, or trade short fixed-period seconds contracts, with clear risk controls.',
      content: html(
        '<p>Exchange offers two types of derivatives for experienced traders.</p>',
        '<ul><li><strong>Leveraged contracts:</strong> go long or short on BTC/USDT and ETH/USDT with 5x to 100x leverage.</li><li><strong>Seconds contracts:</strong> choose whether the price will be higher or lower at the end of a short fixed period; each order settles automatically at expiry.</li></ul>',
        '<p>Both products show the margin or stake and the fee before you confirm an order, and a take-profit and a stop-loss price can be set on every leveraged position.</p>',
        '<p><strong>Risk warning:</strong> derivatives are high-risk products. You may lose all of your margin or stake. Please read the risk warnings in the Notices section before trading.</p>',
      ),
    },
    zh: {
      title: '杠杆合约与秒合约',
      abstract: '使用杠杆合约做多或做空，或交易短周期的秒合约，配备清晰的风险控制工具。',
      content: html(
        '<p>Exchange 为有经验的交易者提供两类衍生品。</p>',
        '<ul><li><strong>杠杆合约：</strong>对 BTC/USDT 和 ETH/USDT 做多或做空，杠杆 5 至 100 倍。</li><li><strong>秒合约：</strong>判断价格在短暂固定周期结束时将上涨还是下跌；每笔订单到期后自动结算。</li></ul>',
        '<p>两类产品均会在您确认订单前显示保证金或投入金额及手续费，每个杠杆仓位均可设置止盈价和止损价。</p>',
        '<p><strong>风险提示：</strong>衍生品属于高风险产品，您可能损失全部保证金或投入金额。交易前请阅读公告栏目中的风险提示。</p>',
      ),
    },
  },
  {
    c_id: 5,
    sorts: 2,
    cover: '/banners/banner-3.svg',
    en: {
      title: 'Security first: your assets, protected',
      abstract:
        'Exchange protects your account with a trade password, reviewed withdrawals and books that balance to the last unit.',
      content: html(
        '<p>Security is at the core of everything we build at Exchange.</p>',
        '<ul><li>A separate trade password for withdrawals, P2P orders and savings deposits</li><li>Every withdrawal reviewed by the exchange before it is sent</li><li>Deposit addresses derived from public keys only: no deposit private key is kept on the server</li><li>Sign-in protection that slows down password guessing without locking you out</li><li>A full log of every change of your balances, and an audit proving that all balances add up to deposits minus withdrawals</li></ul>',
        '<p>You play an important role too: set a trade password, use a unique password and never share verification codes with anyone.</p>',
      ),
    },
    zh: {
      title: '安全至上：守护您的资产',
      abstract: 'Exchange 通过交易密码、提币审核以及精确到最小单位的账目核对来保护您的账户。',
      content: html(
        '<p>安全是 Exchange 一切工作的核心。</p>',
        '<ul><li>独立的交易密码，用于提币、P2P 订单和理财存入</li><li>每笔提币在发出前均经平台审核</li><li>充值地址仅由公钥派生：服务器不保存充值私钥</li><li>登录保护会减缓密码猜测，且不会锁定您的账户</li><li>完整记录每一笔余额变动，并通过审计证明所有余额之和等于充值减去提币</li></ul>',
        '<p>您同样发挥着重要作用：请设置交易密码，使用独立的密码，切勿与任何人分享验证码。</p>',
      ),
    },
  },

  // ---------------------------------------------------------------------------------------------
  // c_id 29 — Footer "About"
  // ---------------------------------------------------------------------------------------------
  {
    c_id: 29,
    sorts: 0,
    cover: '',
    en: {
      title: 'About us',
      abstract:
        'Exchange is a digital asset trading platform focused on security, transparency and a reliable trading experience.',
      content: html(
        '<p><strong>Exchange</strong> is a digital asset trading platform that provides spot trading, contracts, a P2P marketplace and deposit savings to users around the world.</p>',
        '<h3>Our mission</h3>',
        '<p>We aim to make digital asset trading accessible, fair and transparent. That means clear fees, real-time market data, honest risk disclosures and tools that help users stay in control of their decisions.</p>',
        '<h3>What we value</h3>',
        '<ul><li><strong>Security:</strong> layered protection for accounts and assets, including a trade password and reviewed withdrawals.</li><li><strong>Transparency:</strong> published fee schedules, trading rules and platform announcements.</li><li><strong>Reliability:</strong> a high-performance matching engine and infrastructure designed for availability.</li><li><strong>Service:</strong> an interface in seven languages and support by e-mail.</li></ul>',
        '<p>Exchange is built as open-source software, so its trading logic can be reviewed and improved by the community.</p>',
      ),
    },
    zh: {
      title: '关于我们',
      abstract: 'Exchange 是一个专注于安全、透明和可靠交易体验的数字资产交易平台。',
      content: html(
        '<p><strong>Exchange</strong> 是一个数字资产交易平台，为全球用户提供现货交易、合约、P2P 市场及定期理财。</p>',
        '<h3>我们的使命</h3>',
        '<p>我们致力于让数字资产交易更加便捷、公平和透明。这意味着清晰的费率、实时的市场数据、如实的风险披露，以及帮助用户掌控自身决策的工具。</p>',
        '<h3>我们的价值观</h3>',
        '<ul><li><strong>安全：</strong>为账户和资产提供多层保护，包括交易密码和提币审核。</li><li><strong>透明：</strong>公开费率标准、交易规则和平台公告。</li><li><strong>可靠：</strong>高性能撮合引擎和面向高可用设计的基础设施。</li><li><strong>服务：</strong>提供七种语言的界面及邮件客服支持。</li></ul>',
        '<p>Exchange 以开源软件的形式构建，其交易逻辑可由社区审查和改进。</p>',
      ),
    },
  },
  {
    c_id: 29,
    sorts: 1,
    cover: '',
    en: {
      title: 'Terms of service',
      abstract: 'These terms govern your access to and use of the Exchange platform and its services.',
      content: html(
        '<p>These Terms of service (“Terms”) govern your access to and use of the Exchange website, APIs and related services. By creating an account or using the services, you agree to these Terms.</p>',
        '<h3>1. Eligibility</h3>',
        '<p>You must be of legal age in your jurisdiction and must not be located in, or a resident of, a jurisdiction where the use of digital asset services is prohibited. You are responsible for complying with the laws that apply to you.</p>',
        '<h3>2. Your account</h3>',
        '<p>You must provide accurate information, complete identity verification when required and keep your login credentials secure. You are responsible for all activity that takes place under your account.</p>',
        '<h3>3. Trading and risk</h3>',
        '<p>Digital assets are highly volatile. Leveraged contracts and seconds contracts can result in the loss of your entire margin or stake. Exchange does not provide investment, legal or tax advice, and nothing on the platform should be understood as a promise of profit.</p>',
        '<h3>4. Fees</h3>',
        '<p>You agree to pay the fees published in the Fee schedule. Fees may change, and any change will be announced before it takes effect.</p>',
        '<h3>5. Prohibited use</h3>',
        '<p>You may not use the services for money laundering, fraud, market manipulation or any other unlawful activity. Exchange may restrict, suspend or close accounts that breach these Terms.</p>',
        '<h3>6. Changes and limitation of liability</h3>',
        '<p>We may update these Terms from time to time. To the extent permitted by law, Exchange is not liable for losses arising from market movements, network congestion, events beyond its reasonable control or your failure to keep your account secure.</p>',
      ),
    },
    zh: {
      title: '服务条款',
      abstract: '本条款规定了您访问和使用 Exchange 平台及其服务的相关规则。',
      content: html(
        '<p>本服务条款（以下简称“条款”）规定了您对 Exchange 网站、API 及相关服务的访问和使用。创建账户或使用服务即表示您同意本条款。</p>',
        '<h3>1. 资格</h3>',
        '<p>您必须已达到所在司法管辖区的法定年龄，且不得位于或居住在禁止使用数字资产服务的司法管辖区。您有责任遵守适用于您的法律法规。</p>',
        '<h3>2. 您的账户</h3>',
        '<p>您必须提供准确的信息，在需要时完成身份认证，并妥善保管登录凭证。您须对账户下发生的所有活动负责。</p>',
        '<h3>3. 交易与风险</h3>',
        '<p>数字资产价格波动剧烈。杠杆合约和秒合约可能导致您损失全部保证金或投入金额。Exchange 不提供投资、法律或税务建议，平台上的任何内容均不应被理解为对盈利的承诺。</p>',
        '<h3>4. 费用</h3>',
        '<p>您同意支付费率标准中公布的费用。费用可能调整，任何调整都将在生效前公告。</p>',
        '<h3>5. 禁止行为</h3>',
        '<p>您不得将服务用于洗钱、欺诈、操纵市场或任何其他违法活动。对于违反本条款的账户，Exchange 可限制、暂停或关闭。</p>',
        '<h3>6. 条款变更与责任限制</h3>',
        '<p>我们可能不时更新本条款。在法律允许的范围内，对于因市场波动、网络拥堵、超出其合理控制范围的事件或您未妥善保护账户安全而造成的损失，Exchange 不承担责任。</p>',
      ),
    },
  },
  {
    c_id: 29,
    sorts: 2,
    cover: '',
    en: {
      title: 'Privacy policy',
      abstract:
        'This policy explains what personal data Exchange collects, how it is used and protected, and the choices you have.',
      content: html(
        '<p>This Privacy policy explains how Exchange collects, uses and protects your personal data when you use our services.</p>',
        '<h3>Information we collect</h3>',
        '<ul><li>Account information, such as your email address or phone number</li><li>Identity verification information, such as your name, ID number, photos of your ID document and a photo of you holding it</li><li>Transaction records, including deposits, withdrawals, orders and trades</li><li>Technical information, such as IP address, device and browser type and login times</li></ul>',
        '<h3>How we use it</h3>',
        '<p>We use your data to provide and secure the services, verify your identity, prevent fraud and money laundering, meet legal obligations and communicate with you about your account. We do not sell your personal data.</p>',
        '<h3>Protection and retention</h3>',
        '<p>Data is transmitted over encrypted connections and access is limited to authorised staff. We retain data only for as long as necessary for the purposes above or as required by law.</p>',
        '<h3>Your rights</h3>',
        '<p>Subject to applicable law, you may request access to, correction of or deletion of your personal data by contacting support. Some records must be kept for regulatory purposes even after an account is closed.</p>',
      ),
    },
    zh: {
      title: '隐私政策',
      abstract: '本政策说明 Exchange 收集哪些个人数据、如何使用和保护这些数据，以及您享有的选择权。',
      content: html(
        '<p>本隐私政策说明您在使用我们的服务时，Exchange 如何收集、使用和保护您的个人数据。</p>',
        '<h3>我们收集的信息</h3>',
        '<ul><li>账户信息，例如您的邮箱地址或手机号</li><li>身份认证信息，例如您的姓名、证件号码、证件照片及手持证件照片</li><li>交易记录，包括充值、提现、订单和成交</li><li>技术信息，例如 IP 地址、设备和浏览器类型以及登录时间</li></ul>',
        '<h3>我们如何使用这些信息</h3>',
        '<p>我们使用您的数据来提供服务并保障其安全、核实您的身份、防范欺诈和洗钱、履行法律义务，以及就您的账户与您沟通。我们不会出售您的个人数据。</p>',
        '<h3>保护与保留</h3>',
        '<p>数据通过加密连接传输，且仅限经授权的工作人员访问。我们仅在实现上述目的所必需的期限内或法律要求的期限内保留数据。</p>',
        '<h3>您的权利</h3>',
        '<p>在适用法律允许的范围内，您可以联系客服，申请查阅、更正或删除您的个人数据。部分记录即使在账户注销后，也须出于监管目的予以保留。</p>',
      ),
    },
  },

  // ---------------------------------------------------------------------------------------------
  // c_id 30 — Footer "Support"
  // ---------------------------------------------------------------------------------------------
  {
    c_id: 30,
    sorts: 0,
    cover: '',
    en: {
      title: 'Fee schedule',
      abstract: 'The trading, contract, deposit and withdrawal fees charged on Exchange.',
      content: html(
        '<h3>Spot trading</h3>',
        '<p>Every pair: 0.10% for orders that wait on the order book (maker) and 0.20% for orders that trade at once against it (taker), taken from what you receive. The order form shows a pair’s rates before you place an order.</p>',
        '<h3>Contracts</h3>',
        '<p>Leveraged contracts: <strong>0.1%</strong> of the position value when it opens, a spread of <strong>0.02%</strong> of the price, and an overnight fee of <strong>0.05%</strong> of the position value for each day it stays open. Seconds contracts: <strong>1%</strong> of the stake on every order; the payout ratio of a winning order (80% to 95% of the stake, by duration) is shown before you confirm it.</p>',
        '<h3>Deposits, withdrawals and transfers</h3>',
        '<p>Deposits are free. Each coin has a fixed withdrawal fee and a minimum withdrawal amount, shown on the withdraw page before you confirm. Transfers between your own accounts are free, and P2P orders carry no fee.</p>',
      ),
    },
    zh: {
      title: '费率标准',
      abstract: 'Exchange 收取的交易、合约、充值和提币费用。',
      content: html(
        '<h3>现货交易</h3>',
        '<p>所有交易对：挂单（在订单簿上等待成交的订单）0.10%，吃单（立即与订单簿成交的订单）0.20%，从您收到的资产中扣除。下单前，下单面板会显示该交易对的费率。</p>',
        '<h3>合约</h3>',
        '<p>杠杆合约：开仓时收取仓位价值的 <strong>0.1%</strong>，价格点差 <strong>0.02%</strong>，持仓每过一天收取仓位价值 <strong>0.05%</strong> 的隔夜费。秒合约：每笔订单收取投入金额的 <strong>1%</strong>；盈利订单的收益比例（按时长为投入金额的 80% 至 95%）在确认前显示。</p>',
        '<h3>充值、提币与划转</h3>',
        '<p>充值免费。每个币种有固定的提币手续费和最小提币数量，确认前显示在提币页面上。您本人账户之间的划转免费，P2P 订单不收取手续费。</p>',
      ),
    },
  },
  {
    c_id: 30,
    sorts: 1,
    cover: '',
    en: {
      title: 'How to deposit and withdraw',
      abstract:
        'Step-by-step instructions for depositing digital assets to Exchange and withdrawing them to an external address.',
      content: html(
        '<h3>Depositing</h3>',
        '<ul><li>Go to <strong>Assets</strong> and select <strong>Deposit</strong> next to the coin.</li><li>The page shows the coin’s network and your own deposit address, and the memo/tag if one is needed.</li><li>Send the coin from your external wallet over that network. It is credited to your spot account once the deposit is confirmed.</li></ul>',
        '<p>Only send the selected coin over the network shown. Sending a different coin, using the wrong network or omitting a required memo/tag may result in the permanent loss of your funds. A network the exchange does not offer deposits on shows no address.</p>',
        '<h3>Withdrawing</h3>',
        '<ul><li>Go to <strong>Assets</strong> and select <strong>Withdraw</strong> next to the coin.</li><li>Choose a destination address you bound on the withdraw-address page (bind one there first, with a code sent to your e-mail or phone) and enter the amount.</li><li>Review the fee and the amount you will receive.</li><li>Confirm with your trade password.</li></ul>',
        '<p>Every withdrawal is reviewed by the exchange before it is sent. Until then the amount stays locked in your spot account; a refused withdrawal returns to it in full. Your withdrawal record shows each one’s status.</p>',
      ),
    },
    zh: {
      title: '如何充值和提币',
      abstract: '向 Exchange 充值数字资产以及将其提币至外部地址的分步说明。',
      content: html(
        '<h3>充值</h3>',
        '<ul><li>进入<strong>资产</strong>页面，点击币种旁的<strong>充值</strong>。</li><li>页面显示该币种的网络和您的专属充值地址；如需备注（Memo/Tag），也会一并显示。</li><li>从您的外部钱包通过该网络发送该币种，充值确认后计入您的币币账户。</li></ul>',
        '<p>请仅通过页面显示的网络发送所选币种。发送其他币种、使用错误网络或遗漏必填的备注，可能导致资金永久丢失。平台未开放充值的网络不显示地址。</p>',
        '<h3>提币</h3>',
        '<ul><li>进入<strong>资产</strong>页面，点击币种旁的<strong>提币</strong>。</li><li>选择您在提币地址页面绑定的目标地址（如尚未绑定，请先使用发送至您邮箱或手机的验证码绑定），并输入数量。</li><li>核对手续费及实际到账数量。</li><li>输入交易密码确认。</li></ul>',
        '<p>每笔提币在发出前均由平台审核。审核完成前，该金额锁定在您的币币账户中；被拒绝的提币将全额退回。您可以在提币记录中查看每笔提币的状态。</p>',
      ),
    },
  },
  {
    c_id: 30,
    sorts: 2,
    cover: '',
    en: {
      title: 'Contact support',
      abstract:
        'How to reach the Exchange support team and what information to include so we can help you quickly.',
      content: html(
        '<p>Write to our support team by e-mail: the address is at the bottom of every page.</p>',
        '<h3>To help us resolve your request faster</h3>',
        '<ul><li>Your account email or phone number (never your password)</li><li>The coin, network and amount involved</li><li>The transaction ID for deposit or withdrawal questions</li><li>The order ID for trading questions</li><li>Screenshots of any error messages</li></ul>',
        '<p>Exchange staff will never ask for your password, trade password or verification codes, and will never ask you to transfer funds. If someone claiming to be from Exchange does so, please report it to us immediately.</p>',
      ),
    },
    zh: {
      title: '联系客服',
      abstract: '如何联系 Exchange 客服团队，以及需要提供哪些信息以便我们快速为您提供帮助。',
      content: html(
        '<p>请通过邮件联系客服团队：邮箱地址位于每个页面底部。</p>',
        '<h3>为帮助我们更快处理您的请求，请提供</h3>',
        '<ul><li>您的账户邮箱或手机号（切勿提供密码）</li><li>涉及的币种、网络和数量</li><li>充值或提币问题请提供交易哈希</li><li>交易问题请提供订单号</li><li>任何错误提示的截图</li></ul>',
        '<p>Exchange 工作人员绝不会索要您的密码、交易密码或验证码，也绝不会要求您转账。如有人自称 Exchange 工作人员提出此类要求，请立即向我们举报。</p>',
      ),
    },
  },
];

export const SEED_NEWS: SeedNews[] = ARTICLES.flatMap((article) =>
  (['en', 'zh'] as const).map((lang): SeedNews => ({
    c_id: article.c_id,
    lang,
    title: article[lang].title,
    abstract: article[lang].abstract,
    content: article[lang].content,
    cover: article.cover,
    sorts: article.sorts,
  })),
);
