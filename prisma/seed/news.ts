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
        '<ul><li>Spot trading on all pairs, including BTC/USDT, ETH/USDT and ETH/BTC</li><li>Contract and seconds contract trading</li><li>Deposits, withdrawals and internal transfers</li><li>C2C marketplace orders</li><li>REST and WebSocket API access</li></ul>',
        '<p>Open spot orders will remain on the order book and will not be cancelled by the maintenance. Because markets may move while trading is paused, we strongly recommend that contract traders review their margin levels and open positions before the maintenance begins.</p>',
        '<p>Deposits sent to your Exchange address during the window are not lost; they will be credited automatically after the maintenance once the required number of network confirmations has been reached.</p>',
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
        '<ul><li>所有交易对的现货交易，包括 BTC/USDT、ETH/USDT 和 ETH/BTC</li><li>合约及秒合约交易</li><li>充值、提现及内部划转</li><li>C2C 市场订单</li><li>REST 与 WebSocket API 访问</li></ul>',
        '<p>现货挂单将保留在订单簿中，不会因维护而被撤销。由于交易暂停期间市场仍可能波动，我们强烈建议合约用户在维护开始前检查保证金水平和持仓情况。</p>',
        '<p>维护期间转入您 Exchange 地址的充值不会丢失，维护结束且达到所需网络确认数后将自动入账。</p>',
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
      abstract:
        'Exchange will list SOL and open the SOL/USDT spot trading pair, with deposits opening ahead of trading.',
      content: html(
        '<p>Exchange is pleased to announce the listing of <strong>SOL</strong> and the opening of the <strong>SOL/USDT</strong> spot trading pair.</p>',
        '<h3>Schedule</h3>',
        '<ul><li>SOL deposits: open now</li><li>SOL/USDT trading: opens once sufficient deposits have been credited; the exact time will be shown on the trading page</li><li>SOL withdrawals: open 24 hours after trading starts</li></ul>',
        '<p>To support an orderly market at launch, price protection rules apply during the first 30 minutes of trading: limit orders priced far away from the opening price may be rejected, and market orders are temporarily disabled.</p>',
        '<p>Please make sure you select the correct network when depositing SOL. Assets sent over an unsupported network or to an incorrect address may not be recoverable.</p>',
        '<p><strong>Risk reminder:</strong> the prices of newly listed digital assets can be highly volatile. A listing on Exchange is not an endorsement or investment advice. Please assess the risks carefully and only trade with funds you can afford to lose.</p>',
      ),
    },
    zh: {
      title: '新币上线：SOL/USDT 现货交易',
      abstract: 'Exchange 将上线 SOL 并开放 SOL/USDT 现货交易对，充值将先于交易开放。',
      content: html(
        '<p>Exchange 很高兴地宣布上线 <strong>SOL</strong>，并开放 <strong>SOL/USDT</strong> 现货交易对。</p>',
        '<h3>时间安排</h3>',
        '<ul><li>SOL 充值：现已开放</li><li>SOL/USDT 交易：在充值入账充足后开放，具体时间以交易页面显示为准</li><li>SOL 提现：交易开放 24 小时后开放</li></ul>',
        '<p>为保障上线初期市场有序运行，开盘后前 30 分钟将启用价格保护规则：偏离开盘价过远的限价单可能被拒绝，市价单暂时停用。</p>',
        '<p>充值 SOL 时请务必选择正确的网络。通过不支持的网络或向错误地址转入的资产可能无法找回。</p>',
        '<p><strong>风险提示：</strong>新上线数字资产的价格可能剧烈波动。在 Exchange 上线并不代表对该资产的背书，也不构成投资建议。请审慎评估风险，仅使用您能够承受损失的资金进行交易。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 2,
    cover: '',
    en: {
      title: 'Update to the spot trading fee schedule',
      abstract:
        'Exchange is introducing a tiered spot fee schedule based on 30-day trading volume, with lower maker and taker rates for higher tiers.',
      content: html(
        '<p>Exchange is updating its spot trading fee schedule. Fees will now be tiered according to each account’s trading volume over the previous 30 days.</p>',
        '<table><tr><th>Tier</th><th>30-day volume (USDT)</th><th>Maker</th><th>Taker</th></tr><tr><td>VIP 0</td><td>Below 1,000,000</td><td>0.10%</td><td>0.10%</td></tr><tr><td>VIP 1</td><td>1,000,000 or more</td><td>0.09%</td><td>0.10%</td></tr><tr><td>VIP 2</td><td>5,000,000 or more</td><td>0.08%</td><td>0.09%</td></tr><tr><td>VIP 3</td><td>20,000,000 or more</td><td>0.06%</td><td>0.08%</td></tr><tr><td>VIP 4</td><td>50,000,000 or more</td><td>0.04%</td><td>0.06%</td></tr></table>',
        '<p>Tiers are recalculated once a day at 00:00 (UTC). Volume on all spot pairs, including ETH/BTC, is converted to USDT at the time of each trade and counted towards your tier.</p>',
        '<p>Contract trading fees are unchanged. The full schedule, including contract and withdrawal fees, is available on the Fee schedule page in the Support section.</p>',
        '<p>Orders that are already open will be charged at the rate in effect when they are filled.</p>',
      ),
    },
    zh: {
      title: '现货交易手续费标准调整',
      abstract: 'Exchange 将推出基于 30 日交易量的阶梯式现货手续费标准，等级越高，挂单和吃单费率越低。',
      content: html(
        '<p>Exchange 将调整现货交易手续费标准。今后手续费将根据每个账户过去 30 日的交易量分级收取。</p>',
        '<table><tr><th>等级</th><th>30 日交易量（USDT）</th><th>挂单</th><th>吃单</th></tr><tr><td>VIP 0</td><td>低于 1,000,000</td><td>0.10%</td><td>0.10%</td></tr><tr><td>VIP 1</td><td>1,000,000 及以上</td><td>0.09%</td><td>0.10%</td></tr><tr><td>VIP 2</td><td>5,000,000 及以上</td><td>0.08%</td><td>0.09%</td></tr><tr><td>VIP 3</td><td>20,000,000 及以上</td><td>0.06%</td><td>0.08%</td></tr><tr><td>VIP 4</td><td>50,000,000 及以上</td><td>0.04%</td><td>0.06%</td></tr></table>',
        '<p>等级每日 00:00（UTC）重新计算一次。所有现货交易对（包括 ETH/BTC）的成交额均按成交时价格折算为 USDT 并计入您的等级。</p>',
        '<p>合约交易手续费保持不变。包括合约及提现费用在内的完整费率表，请参阅帮助支持栏目中的“费率标准”页面。</p>',
        '<p>已挂出的订单将按成交时生效的费率收取手续费。</p>',
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
        '<ul><li>Always check the address in your browser before logging in, and bookmark the official site instead of following links in emails, messages or adverts.</li><li>Exchange staff will <strong>never</strong> ask for your password, trade password, two-factor authentication (2FA) code or email/SMS verification code.</li><li>Never transfer assets to an “official” address provided in a chat or message. Deposit addresses are only shown on your own Assets page.</li><li>Enable 2FA and a trade password, and review your login history regularly.</li><li>Be wary of anyone promising guaranteed profits or asking you to install remote-access software.</li></ul>',
        '<p>If you suspect your account has been compromised, change your password immediately, disable any API keys you do not recognise and contact support through the Support page so that we can help secure your account.</p>',
        '<p>Thank you for helping us keep Exchange safe.</p>',
      ),
    },
    zh: {
      title: '安全提醒：谨防钓鱼网站和诈骗信息',
      abstract: 'Exchange 提醒用户警惕钓鱼网站、假冒客服账号以及索要密码或验证码的信息。',
      content: html(
        '<p>近期针对数字资产平台用户的钓鱼攻击有所增加。攻击者会仿冒登录页面、客服人员和官方公告，以窃取账户凭证和资产。</p>',
        '<h3>如何保护自己</h3>',
        '<ul><li>登录前请务必核对浏览器地址栏中的网址，并将官方网站加入书签，不要通过邮件、消息或广告中的链接访问。</li><li>Exchange 工作人员<strong>绝不会</strong>索要您的登录密码、交易密码、双重验证（2FA）代码或邮件/短信验证码。</li><li>切勿向聊天或消息中提供的所谓“官方”地址转账。充值地址只会显示在您本人的资产页面中。</li><li>请开启双重验证并设置交易密码，定期查看登录记录。</li><li>警惕任何承诺保证收益或要求您安装远程控制软件的人。</li></ul>',
        '<p>如果您怀疑账户已被盗用，请立即修改密码，停用任何您不认识的 API 密钥，并通过帮助支持页面联系客服，以便我们协助保护您的账户安全。</p>',
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
        '<p>Exchange will upgrade the wallet nodes that process deposits and withdrawals on the <strong>BTC, ETH and LTC</strong> networks. The upgrade improves confirmation tracking and withdrawal processing speed.</p>',
        '<h3>What to expect</h3>',
        '<ul><li>Deposits and withdrawals of BTC, ETH and LTC will be suspended for approximately one hour while the upgrade is in progress.</li><li>Trading on all pairs, including BTC/USDT, ETH/USDT, LTC/USDT and ETH/BTC, will continue as normal.</li><li>Withdrawal requests submitted before the suspension will be processed after the upgrade.</li></ul>',
        '<p>Deposits sent during the upgrade will be credited automatically once the nodes are back online and the required confirmations are reached. You do not need to take any action.</p>',
        '<p>Deposit and withdrawal status for each asset is always shown on the deposit and withdrawal pages. Please check it before initiating a transfer.</p>',
      ),
    },
    zh: {
      title: 'BTC、ETH 和 LTC 充提网络升级公告',
      abstract: 'Exchange 升级钱包节点期间，BTC、ETH 和 LTC 的充值和提现将短暂暂停，交易不受影响。',
      content: html(
        '<p>Exchange 将对处理 <strong>BTC、ETH 和 LTC</strong> 网络充值和提现的钱包节点进行升级。本次升级将改进确认数跟踪并提升提现处理速度。</p>',
        '<h3>升级期间的安排</h3>',
        '<ul><li>升级期间，BTC、ETH 和 LTC 的充值和提现将暂停约一小时。</li><li>所有交易对（包括 BTC/USDT、ETH/USDT、LTC/USDT 和 ETH/BTC）的交易照常进行。</li><li>暂停前提交的提现申请将在升级完成后处理。</li></ul>',
        '<p>升级期间发送的充值，将在节点恢复并达到所需确认数后自动入账，您无需进行任何操作。</p>',
        '<p>各资产的充值和提现状态始终显示在充值和提现页面上，发起转账前请先查看。</p>',
      ),
    },
  },
  {
    c_id: 11,
    sorts: 5,
    cover: '',
    en: {
      title: 'Changes to API rate limits',
      abstract:
        'Exchange is updating its REST API rate limits to keep the platform responsive for all users; WebSocket streams are recommended for market data.',
      content: html(
        '<p>To keep the platform fast and fair for everyone, Exchange is updating the rate limits that apply to its REST API.</p>',
        '<table><tr><th>Endpoint type</th><th>Limit</th><th>Applied per</th></tr><tr><td>Public market data</td><td>20 requests per second</td><td>IP address</td></tr><tr><td>Private account endpoints</td><td>10 requests per second</td><td>API key</td></tr><tr><td>Order placement and cancellation</td><td>50 requests per 10 seconds</td><td>API key</td></tr></table>',
        '<p>Requests above these limits will receive an <strong>HTTP 429</strong> response with a <strong>Retry-After</strong> header indicating how many seconds to wait. Repeated violations may lead to a temporary block of the IP address or API key.</p>',
        '<p>For order books, trades and tickers we recommend subscribing to the WebSocket streams instead of polling the REST API. This gives you lower latency and does not count towards the REST limits.</p>',
        '<p>Please review your integrations and adjust request frequency where necessary. If you have questions, contact support through the Support page.</p>',
      ),
    },
    zh: {
      title: 'API 访问频率限制调整',
      abstract:
        'Exchange 将调整 REST API 访问频率限制，以确保平台对所有用户保持流畅响应；获取行情数据建议使用 WebSocket 推送。',
      content: html(
        '<p>为保证平台对所有用户快速且公平，Exchange 将调整 REST API 的访问频率限制。</p>',
        '<table><tr><th>接口类型</th><th>限制</th><th>计算维度</th></tr><tr><td>公共行情数据</td><td>每秒 20 次请求</td><td>IP 地址</td></tr><tr><td>私有账户接口</td><td>每秒 10 次请求</td><td>API 密钥</td></tr><tr><td>下单与撤单</td><td>每 10 秒 50 次请求</td><td>API 密钥</td></tr></table>',
        '<p>超出上述限制的请求将返回 <strong>HTTP 429</strong> 响应，并附带 <strong>Retry-After</strong> 响应头，提示需等待的秒数。多次超限可能导致 IP 地址或 API 密钥被临时封禁。</p>',
        '<p>对于订单簿、成交记录和行情数据，我们建议订阅 WebSocket 推送而非轮询 REST API。这样延迟更低，且不计入 REST 频率限制。</p>',
        '<p>请检查您的程序接入并在必要时调整请求频率。如有疑问，请通过帮助支持页面联系客服。</p>',
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
        '<ul><li>Deposits: open</li><li>Trading: open, with limit and market orders supported</li><li>Withdrawals: open</li><li>Fees: standard spot fee schedule applies</li></ul>',
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
        '<ul><li>充值：已开放</li><li>交易：已开放，支持限价单和市价单</li><li>提现：已开放</li><li>手续费：按标准现货费率收取</li></ul>',
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
        '<ul><li><strong>Magnified losses:</strong> leverage increases your exposure. With 10x leverage, a 10% price move against your position can wipe out your entire margin.</li><li><strong>Liquidation:</strong> if your margin falls below the maintenance margin requirement, your position will be closed automatically and you may lose all of the margin allocated to it.</li><li><strong>Volatility and gaps:</strong> prices can move sharply within seconds, and in fast markets positions may be closed at prices worse than expected.</li><li><strong>Fees:</strong> trading fees are charged on the full position value, not just the margin.</li></ul>',
        '<p>We recommend starting with low leverage, using stop-loss orders and never committing more margin than you can afford to lose. Past performance is not an indicator of future results.</p>',
        '<p>By trading contracts on Exchange you confirm that you have read and understood this risk warning and the Terms of service.</p>',
      ),
    },
    zh: {
      title: '风险提示：杠杆合约交易',
      abstract: '杠杆合约会同时放大收益和亏损，仓位可能被迅速强制平仓，交易前请充分了解相关风险。',
      content: html(
        '<p>杠杆合约交易属于高风险活动，并不适合所有用户。开仓前，请确保您了解保证金、杠杆和强制平仓的运作方式。</p>',
        '<h3>主要风险</h3>',
        '<ul><li><strong>亏损放大：</strong>杠杆会放大您的风险敞口。使用 10 倍杠杆时，价格反向波动 10% 就可能导致全部保证金亏损。</li><li><strong>强制平仓：</strong>当保证金低于维持保证金要求时，仓位将被自动平仓，您可能损失该仓位的全部保证金。</li><li><strong>波动与跳空：</strong>价格可能在数秒内大幅波动，在快速行情中仓位可能以差于预期的价格平仓。</li><li><strong>手续费：</strong>交易手续费按仓位总价值收取，而不仅是保证金部分。</li></ul>',
        '<p>我们建议从低杠杆开始，使用止损单，且投入的保证金切勿超过您能承受损失的范围。过往表现并不代表未来结果。</p>',
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
        '<ul><li>Each order has a fixed duration, for example 60 seconds, and settles automatically at expiry.</li><li>If the settlement price moves in the direction you chose, the payout ratio shown before you confirmed the order applies.</li><li>If the price moves against you, <strong>you lose the full amount staked on that order</strong>.</li></ul>',
        '<p>Short-term price movements are essentially unpredictable. Frequent trading over short periods can lead to rapid and significant losses, and no strategy can guarantee a profit.</p>',
        '<p>Please set a personal budget, avoid trying to recover losses by increasing your stake, and take breaks. If you feel that trading is affecting your finances or wellbeing, stop trading and contact support to request a trading restriction on your account.</p>',
      ),
    },
    zh: {
      title: '风险提示：秒合约',
      abstract: '秒合约在短暂的固定周期后结算，每笔订单都可能损失全部投入金额，请理性交易。',
      content: html(
        '<p>秒合约允许您判断 BTC/USDT、ETH/USDT 等交易对的价格在一个短暂的固定周期结束时将高于还是低于开仓价格。这是一种高风险产品。</p>',
        '<h3>结算方式</h3>',
        '<ul><li>每笔订单都有固定的时长（例如 60 秒），到期后自动结算。</li><li>若结算价格朝您选择的方向变动，将按您确认订单前显示的收益比例结算。</li><li>若价格朝相反方向变动，<strong>您将损失该笔订单投入的全部金额</strong>。</li></ul>',
        '<p>短期价格走势本质上无法预测。在短周期内频繁交易可能导致迅速且重大的亏损，任何策略都无法保证盈利。</p>',
        '<p>请为自己设定预算，避免通过加大投入来挽回亏损，并适时休息。如果您感到交易正在影响您的财务状况或身心健康，请停止交易并联系客服，为您的账户申请交易限制。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 3,
    cover: '',
    en: {
      title: 'Identity verification (KYC) policy update',
      abstract:
        'Exchange is updating its identity verification requirements, linking withdrawal limits and access to certain products to your verification level.',
      content: html(
        '<p>To comply with anti-money laundering requirements and protect our users, Exchange is updating its identity verification (KYC) policy.</p>',
        '<table><tr><th>Level</th><th>Requirements</th><th>Access</th></tr><tr><td>Unverified</td><td>Email or phone number</td><td>Deposits and spot trading; withdrawals disabled</td></tr><tr><td>Basic</td><td>Full name, country of residence and ID number</td><td>Withdrawals up to the basic daily limit</td></tr><tr><td>Advanced</td><td>Photo of an ID document and a selfie</td><td>Higher withdrawal limits, contract trading and the C2C marketplace</td></tr></table>',
        '<p>Submissions are usually reviewed within 24 hours. You will be notified of the result, and if a submission is rejected, the reason will be shown so that you can resubmit.</p>',
        '<p>Your documents are transmitted over encrypted connections, stored securely and used only for verification and legal compliance. Please see the Privacy policy for details.</p>',
        '<p>Exchange may request additional information where required by law or where unusual account activity is detected.</p>',
      ),
    },
    zh: {
      title: '身份认证（KYC）政策更新',
      abstract: 'Exchange 将更新身份认证要求，提现额度及部分产品的使用权限将与您的认证等级挂钩。',
      content: html(
        '<p>为遵守反洗钱要求并保护用户权益，Exchange 将更新身份认证（KYC）政策。</p>',
        '<table><tr><th>等级</th><th>要求</th><th>权限</th></tr><tr><td>未认证</td><td>邮箱或手机号</td><td>充值及现货交易；不可提现</td></tr><tr><td>初级认证</td><td>姓名、居住国家及证件号码</td><td>在初级每日额度内提现</td></tr><tr><td>高级认证</td><td>证件照片及本人自拍照</td><td>更高提现额度、合约交易及 C2C 市场</td></tr></table>',
        '<p>提交的资料通常在 24 小时内完成审核。审核结果会通知您；如被拒绝，页面将显示原因，以便您重新提交。</p>',
        '<p>您的证件资料通过加密连接传输并安全存储，仅用于身份认证及法律合规。详情请参阅《隐私政策》。</p>',
        '<p>在法律要求或检测到账户存在异常活动时，Exchange 可能要求您补充提供信息。</p>',
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
        '<ul><li>Browse adverts and choose a counterparty based on price, limits, payment methods and completion rate.</li><li>When an order is placed, the seller’s USDT is locked in escrow by Exchange.</li><li>The buyer pays the seller outside the platform using the agreed payment method and marks the order as paid.</li><li>Once the seller confirms receipt of payment, the USDT is released to the buyer.</li></ul>',
        '<p>If there is a disagreement, either party can open an appeal. Our support team will review the evidence from both sides and decide how the escrowed funds are released.</p>',
        '<p>For your safety, only communicate through the order chat, never release assets before you have confirmed that the payment has arrived in your own account, and never accept requests to complete a trade outside the marketplace.</p>',
        '<p>Advanced identity verification is required to use the C2C marketplace.</p>',
      ),
    },
    zh: {
      title: 'C2C 市场正式上线',
      abstract: 'Exchange C2C 市场现已上线，已认证用户可在托管保护下直接与其他用户买卖 USDT。',
      content: html(
        '<p>我们很高兴地宣布 <strong>C2C 市场</strong>正式上线，已认证用户可以在此直接与其他用户买卖 USDT。</p>',
        '<h3>交易流程</h3>',
        '<ul><li>浏览广告，根据价格、限额、支付方式和完成率选择交易对手。</li><li>下单后，卖家的 USDT 将由 Exchange 托管冻结。</li><li>买家通过约定的支付方式在平台外向卖家付款，并将订单标记为已付款。</li><li>卖家确认收到款项后，USDT 将放行至买家账户。</li></ul>',
        '<p>如发生争议，任何一方均可发起申诉。客服团队将审核双方提供的证据，并决定托管资金的处理方式。</p>',
        '<p>为保障您的安全，请仅通过订单聊天进行沟通；在确认款项已到达您本人账户之前切勿放行资产；切勿接受在市场之外完成交易的请求。</p>',
        '<p>使用 C2C 市场需完成高级身份认证。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 5,
    cover: '',
    en: {
      title: 'Launch of flexible savings',
      abstract:
        'Flexible savings is now available, letting you subscribe idle USDT and redeem at any time, with variable rewards that are not guaranteed.',
      content: html(
        '<p>Exchange is launching <strong>flexible savings</strong>, a simple way to subscribe idle assets such as USDT and redeem them whenever you need to.</p>',
        '<h3>Product details</h3>',
        '<ul><li>Subscribe from the Savings page using assets in your funding account.</li><li>Redeem at any time; redeemed assets normally return to your account within minutes.</li><li>Rewards are calculated daily based on a variable reference rate that is displayed before you subscribe.</li></ul>',
        '<p><strong>Important:</strong> the reference rate is not a promise or guarantee of returns. It may change at any time depending on market conditions, and past rates do not indicate future rewards. Savings balances are not bank deposits and are not covered by any deposit protection scheme.</p>',
        '<p>Subscription limits per user and per product may apply and are shown on the product page. Please read the product terms carefully before subscribing.</p>',
      ),
    },
    zh: {
      title: '活期理财正式上线',
      abstract: '活期理财现已上线，您可以申购闲置 USDT 并随时赎回，收益浮动且不作保证。',
      content: html(
        '<p>Exchange 推出<strong>活期理财</strong>，让您可以简单地申购 USDT 等闲置资产，并在需要时随时赎回。</p>',
        '<h3>产品说明</h3>',
        '<ul><li>在理财页面使用资金账户中的资产进行申购。</li><li>可随时赎回，赎回资产通常在数分钟内返回您的账户。</li><li>收益按浮动参考利率每日计算，参考利率会在申购前展示。</li></ul>',
        '<p><strong>重要提示：</strong>参考利率并非对收益的承诺或保证，可能随市场情况随时变化，历史利率不代表未来收益。理财余额不属于银行存款，不受任何存款保障计划保护。</p>',
        '<p>每位用户及每个产品可能设有申购限额，具体以产品页面显示为准。申购前请仔细阅读产品条款。</p>',
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
        '<p>Both pairs use the standard spot fee schedule, and volume on both pairs counts towards your 30-day fee tier.</p>',
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
        '<p>两个交易对均按标准现货费率收取手续费，其成交额均计入您的 30 日手续费等级。</p>',
        '<p><strong>风险提示：</strong>数字资产价格可能剧烈波动。本公告仅供参考，不构成任何投资建议。</p>',
      ),
    },
  },
  {
    c_id: 4,
    sorts: 7,
    cover: '',
    en: {
      title: 'Account security upgrade: two-factor authentication and withdrawal address whitelist',
      abstract:
        'Exchange has added authenticator-app two-factor authentication and an optional withdrawal address whitelist to help protect your account.',
      content: html(
        '<p>To further protect user accounts, Exchange has released two new security features.</p>',
        '<h3>Two-factor authentication (2FA)</h3>',
        '<p>You can now link an authenticator app to your account. Once enabled, a time-based code from the app is required when logging in, withdrawing assets, creating API keys and changing security settings.</p>',
        '<h3>Withdrawal address whitelist</h3>',
        '<p>When the whitelist is switched on, withdrawals can only be sent to addresses you have saved in your address book. Newly added addresses become usable after a 24-hour security delay.</p>',
        '<p>After you change your password or security settings, withdrawals are temporarily disabled for 24 hours as an additional safeguard.</p>',
        '<p>We strongly recommend that all users enable 2FA and set a trade password. You can manage these options in the Security section of your account.</p>',
      ),
    },
    zh: {
      title: '账户安全升级：双重验证与提现地址白名单',
      abstract: 'Exchange 新增身份验证器应用双重验证及可选的提现地址白名单功能，帮助保护您的账户安全。',
      content: html(
        '<p>为进一步保护用户账户，Exchange 推出两项新的安全功能。</p>',
        '<h3>双重验证（2FA）</h3>',
        '<p>您现在可以将身份验证器应用绑定到账户。开启后，登录、提现、创建 API 密钥及修改安全设置时都需要输入应用生成的动态验证码。</p>',
        '<h3>提现地址白名单</h3>',
        '<p>开启白名单后，仅可向地址簿中已保存的地址提现。新添加的地址需经过 24 小时安全等待期后方可使用。</p>',
        '<p>修改密码或安全设置后，作为额外保护措施，提现功能将暂停 24 小时。</p>',
        '<p>我们强烈建议所有用户开启双重验证并设置交易密码。您可以在账户的安全中心管理这些选项。</p>',
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
        'Exchange is now live, offering spot trading, contracts, a C2C marketplace and savings in English and Simplified Chinese.',
      content: html(
        '<p>We are pleased to announce that <strong>Exchange</strong> is now open to users. Create an account in a few minutes and start trading digital assets on a platform built around security, transparency and performance.</p>',
        '<h3>Available at launch</h3>',
        '<ul><li>Spot trading on BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, XRP/USDT, DOGE/USDT, LTC/USDT and ETH/BTC</li><li>Leveraged contracts and seconds contracts</li><li>The C2C marketplace for buying and selling USDT</li><li>Flexible savings</li><li>REST and WebSocket APIs</li></ul>',
        '<p>The platform is available in English and Simplified Chinese. You can switch language at any time from the top navigation bar.</p>',
        '<p>Before you start, we recommend enabling two-factor authentication and reading the risk warnings for leveraged and seconds contracts in the Notices section.</p>',
        '<p>Thank you for choosing Exchange.</p>',
      ),
    },
    zh: {
      title: 'Exchange 正式开放交易',
      abstract: 'Exchange 现已正式上线，提供现货交易、合约、C2C 市场及理财服务，支持英文和简体中文。',
      content: html(
        '<p>我们很高兴地宣布 <strong>Exchange</strong> 现已向用户开放。只需几分钟即可注册账户，在一个以安全、透明和高性能为核心的平台上开始交易数字资产。</p>',
        '<h3>首批上线功能</h3>',
        '<ul><li>现货交易：BTC/USDT、ETH/USDT、BNB/USDT、SOL/USDT、XRP/USDT、DOGE/USDT、LTC/USDT 和 ETH/BTC</li><li>杠杆合约与秒合约</li><li>用于买卖 USDT 的 C2C 市场</li><li>活期理财</li><li>REST 与 WebSocket API</li></ul>',
        '<p>平台支持英文和简体中文，您可随时通过顶部导航栏切换语言。</p>',
        '<p>开始交易前，我们建议您开启双重验证，并阅读公告栏目中有关杠杆合约和秒合约的风险提示。</p>',
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
        'USDT-margined contracts are now available for BTC/USDT and ETH/USDT, with adjustable leverage and cross or isolated margin.',
      content: html(
        '<p>USDT-margined contract trading is now available for <strong>BTC/USDT</strong> and <strong>ETH/USDT</strong>.</p>',
        '<h3>Features</h3>',
        '<ul><li>Go long or short with adjustable leverage</li><li>Choose cross margin or isolated margin for each position</li><li>Limit, market and stop orders, with take-profit and stop-loss settings</li><li>Real-time display of margin ratio and estimated liquidation price</li></ul>',
        '<p>To open a position, transfer USDT from your spot account to your contract account, then select the pair, leverage and order type on the contract trading page.</p>',
        '<p>Contract trading carries a high level of risk and you may lose all of your margin. Please read the leveraged contract risk warning before you begin.</p>',
      ),
    },
    zh: {
      title: 'BTC/USDT 与 ETH/USDT 合约交易现已开放',
      abstract: 'BTC/USDT 与 ETH/USDT 的 USDT 本位合约现已开放，支持可调杠杆以及全仓或逐仓保证金模式。',
      content: html(
        '<p><strong>BTC/USDT</strong> 与 <strong>ETH/USDT</strong> 的 USDT 本位合约交易现已开放。</p>',
        '<h3>功能特点</h3>',
        '<ul><li>支持做多或做空，杠杆倍数可调</li><li>每个仓位可选择全仓或逐仓保证金模式</li><li>支持限价单、市价单和止损单，并可设置止盈止损</li><li>实时显示保证金率和预估强平价格</li></ul>',
        '<p>开仓前，请先将 USDT 从现货账户划转至合约账户，然后在合约交易页面选择交易对、杠杆倍数和订单类型。</p>',
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
        '<ul><li>A responsive trading page with a compact order book, chart and order form</li><li>Simplified order entry with quick percentage buttons for order size</li><li>A new assets overview showing spot, contract and savings balances in one place</li><li>Faster page loads and real-time updates over WebSocket</li></ul>',
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
        '<ul><li>自适应交易页面，紧凑展示订单簿、K 线图和下单面板</li><li>简化下单流程，提供按比例快速选择下单数量的按钮</li><li>全新资产总览，集中展示现货、合约和理财余额</li><li>页面加载更快，并通过 WebSocket 实时更新</li></ul>',
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
        'Trade BTC, ETH and other major digital assets on a fast matching engine with transparent, tiered fees.',
      content: html(
        '<p>Exchange offers spot markets for major digital assets, including <strong>BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, XRP/USDT, DOGE/USDT, LTC/USDT and ETH/BTC</strong>.</p>',
        '<ul><li>A high-performance matching engine with real-time order books</li><li>Limit, market and stop orders</li><li>Transparent tiered fees, with maker and taker rates of 0.10% or less</li><li>Professional charts with multiple time frames and indicators</li></ul>',
        '<p>Create an account, deposit assets and place your first order in minutes.</p>',
        '<p>Digital asset prices can be volatile. Please trade responsibly.</p>',
      ),
    },
    zh: {
      title: '深度流动性，畅享现货交易',
      abstract: '在高速撮合引擎上交易 BTC、ETH 等主流数字资产，费率透明、分级收取。',
      content: html(
        '<p>Exchange 提供主流数字资产的现货市场，包括 <strong>BTC/USDT、ETH/USDT、BNB/USDT、SOL/USDT、XRP/USDT、DOGE/USDT、LTC/USDT 和 ETH/BTC</strong>。</p>',
        '<ul><li>高性能撮合引擎，订单簿实时更新</li><li>支持限价单、市价单和止损单</li><li>透明的阶梯费率，挂单和吃单费率不超过 0.10%</li><li>专业图表，支持多种时间周期和技术指标</li></ul>',
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
        '<ul><li><strong>Leveraged contracts:</strong> go long or short on BTC/USDT and ETH/USDT with adjustable leverage and cross or isolated margin.</li><li><strong>Seconds contracts:</strong> choose whether the price will be higher or lower at the end of a short fixed period; each order settles automatically at expiry.</li></ul>',
        '<p>Both products show your potential loss before you confirm an order, and take-profit and stop-loss tools are available for leveraged positions.</p>',
        '<p><strong>Risk warning:</strong> derivatives are high-risk products. You may lose all of your margin or stake. Please read the risk warnings in the Notices section before trading.</p>',
      ),
    },
    zh: {
      title: '杠杆合约与秒合约',
      abstract: '使用杠杆合约做多或做空，或交易短周期的秒合约，配备清晰的风险控制工具。',
      content: html(
        '<p>Exchange 为有经验的交易者提供两类衍生品。</p>',
        '<ul><li><strong>杠杆合约：</strong>对 BTC/USDT 和 ETH/USDT 做多或做空，杠杆倍数可调，支持全仓或逐仓保证金模式。</li><li><strong>秒合约：</strong>判断价格在短暂固定周期结束时将上涨还是下跌；每笔订单到期后自动结算。</li></ul>',
        '<p>两类产品均会在您确认订单前显示可能的损失，杠杆仓位还可使用止盈止损工具。</p>',
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
        'Exchange protects your account with two-factor authentication, withdrawal whitelists and cold storage for the majority of assets.',
      content: html(
        '<p>Security is at the core of everything we build at Exchange.</p>',
        '<ul><li>The majority of user assets are held in offline cold storage with multi-signature controls</li><li>Two-factor authentication and a separate trade password</li><li>Optional withdrawal address whitelist with a 24-hour delay for new addresses</li><li>Login alerts and a full history of account activity</li><li>Continuous monitoring for unusual withdrawals and logins</li></ul>',
        '<p>You play an important role too: enable two-factor authentication, use a unique password and never share verification codes with anyone.</p>',
      ),
    },
    zh: {
      title: '安全至上：守护您的资产',
      abstract: 'Exchange 通过双重验证、提现白名单以及将大部分资产存放于冷钱包来保护您的账户。',
      content: html(
        '<p>安全是 Exchange 一切工作的核心。</p>',
        '<ul><li>大部分用户资产存放于离线冷钱包，并采用多重签名管控</li><li>双重验证及独立的交易密码</li><li>可选的提现地址白名单，新地址需等待 24 小时</li><li>登录提醒及完整的账户活动记录</li><li>持续监控异常提现和登录行为</li></ul>',
        '<p>您同样发挥着重要作用：请开启双重验证，使用独立的密码，切勿与任何人分享验证码。</p>',
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
        '<p><strong>Exchange</strong> is a digital asset trading platform that provides spot trading, contracts, a C2C marketplace and savings products to users around the world.</p>',
        '<h3>Our mission</h3>',
        '<p>We aim to make digital asset trading accessible, fair and transparent. That means clear fees, real-time market data, honest risk disclosures and tools that help users stay in control of their decisions.</p>',
        '<h3>What we value</h3>',
        '<ul><li><strong>Security:</strong> layered protection for accounts and assets, including cold storage and two-factor authentication.</li><li><strong>Transparency:</strong> published fee schedules, trading rules and platform announcements.</li><li><strong>Reliability:</strong> a high-performance matching engine and infrastructure designed for availability.</li><li><strong>Service:</strong> support in English and Simplified Chinese.</li></ul>',
        '<p>Exchange is built as open-source software, so its trading logic can be reviewed and improved by the community.</p>',
      ),
    },
    zh: {
      title: '关于我们',
      abstract: 'Exchange 是一个专注于安全、透明和可靠交易体验的数字资产交易平台。',
      content: html(
        '<p><strong>Exchange</strong> 是一个数字资产交易平台，为全球用户提供现货交易、合约、C2C 市场及理财产品。</p>',
        '<h3>我们的使命</h3>',
        '<p>我们致力于让数字资产交易更加便捷、公平和透明。这意味着清晰的费率、实时的市场数据、如实的风险披露，以及帮助用户掌控自身决策的工具。</p>',
        '<h3>我们的价值观</h3>',
        '<ul><li><strong>安全：</strong>为账户和资产提供多层保护，包括冷钱包存储和双重验证。</li><li><strong>透明：</strong>公开费率标准、交易规则和平台公告。</li><li><strong>可靠：</strong>高性能撮合引擎和面向高可用设计的基础设施。</li><li><strong>服务：</strong>提供英文和简体中文支持。</li></ul>',
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
        '<ul><li>Account information, such as your email address or phone number</li><li>Identity verification information, such as your name, ID document and selfie</li><li>Transaction records, including deposits, withdrawals, orders and trades</li><li>Technical information, such as IP address, device and browser type and login times</li></ul>',
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
        '<ul><li>账户信息，例如您的邮箱地址或手机号</li><li>身份认证信息，例如您的姓名、证件及自拍照</li><li>交易记录，包括充值、提现、订单和成交</li><li>技术信息，例如 IP 地址、设备和浏览器类型以及登录时间</li></ul>',
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
      abstract: 'A summary of the trading, deposit and withdrawal fees charged on Exchange.',
      content: html(
        '<h3>Spot trading</h3>',
        '<p>Spot fees are tiered by your trading volume over the previous 30 days, recalculated daily at 00:00 (UTC).</p>',
        '<table><tr><th>Tier</th><th>30-day volume (USDT)</th><th>Maker</th><th>Taker</th></tr><tr><td>VIP 0</td><td>Below 1,000,000</td><td>0.10%</td><td>0.10%</td></tr><tr><td>VIP 1</td><td>1,000,000 or more</td><td>0.09%</td><td>0.10%</td></tr><tr><td>VIP 2</td><td>5,000,000 or more</td><td>0.08%</td><td>0.09%</td></tr><tr><td>VIP 3</td><td>20,000,000 or more</td><td>0.06%</td><td>0.08%</td></tr><tr><td>VIP 4</td><td>50,000,000 or more</td><td>0.04%</td><td>0.06%</td></tr></table>',
        '<h3>Contracts</h3>',
        '<p>Leveraged contracts: <strong>0.02%</strong> maker and <strong>0.05%</strong> taker, charged on the full position value. Seconds contracts have no separate trading fee; the payout ratio shown before you confirm each order applies.</p>',
        '<h3>Deposits and withdrawals</h3>',
        '<p>Deposits are free. Withdrawals are charged a network fee that depends on the asset and network; the current fee and minimum withdrawal amount are shown on the withdrawal page before you confirm. Internal transfers between your own accounts are free.</p>',
      ),
    },
    zh: {
      title: '费率标准',
      abstract: 'Exchange 收取的交易、充值和提现费用概览。',
      content: html(
        '<h3>现货交易</h3>',
        '<p>现货手续费根据您过去 30 日的交易量分级收取，每日 00:00（UTC）重新计算。</p>',
        '<table><tr><th>等级</th><th>30 日交易量（USDT）</th><th>挂单</th><th>吃单</th></tr><tr><td>VIP 0</td><td>低于 1,000,000</td><td>0.10%</td><td>0.10%</td></tr><tr><td>VIP 1</td><td>1,000,000 及以上</td><td>0.09%</td><td>0.10%</td></tr><tr><td>VIP 2</td><td>5,000,000 及以上</td><td>0.08%</td><td>0.09%</td></tr><tr><td>VIP 3</td><td>20,000,000 及以上</td><td>0.06%</td><td>0.08%</td></tr><tr><td>VIP 4</td><td>50,000,000 及以上</td><td>0.04%</td><td>0.06%</td></tr></table>',
        '<h3>合约</h3>',
        '<p>杠杆合约：挂单 <strong>0.02%</strong>，吃单 <strong>0.05%</strong>，按仓位总价值收取。秒合约不单独收取交易手续费，按您确认每笔订单前显示的收益比例结算。</p>',
        '<h3>充值与提现</h3>',
        '<p>充值免费。提现将收取网络手续费，金额取决于资产和网络；当前手续费和最小提现金额会在您确认前显示在提现页面上。您本人账户之间的内部划转免费。</p>',
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
        '<ul><li>Go to <strong>Assets</strong> and select <strong>Deposit</strong>.</li><li>Choose the asset and the network you will send it on.</li><li>Copy your deposit address, and the memo/tag if one is shown.</li><li>Send the assets from your external wallet. They will be credited after the required number of network confirmations.</li></ul>',
        '<p>Only send the selected asset over the selected network. Sending a different asset, using the wrong network or omitting a required memo/tag may result in the permanent loss of your funds.</p>',
        '<h3>Withdrawing</h3>',
        '<ul><li>Go to <strong>Assets</strong> and select <strong>Withdraw</strong>.</li><li>Choose the asset and network, then enter the destination address and the amount.</li><li>Review the network fee and the amount you will receive.</li><li>Confirm with your trade password and verification codes.</li></ul>',
        '<p>Withdrawals are usually processed within minutes but may take longer during network congestion or when a manual security review is required. You can follow the status and transaction ID in your withdrawal history.</p>',
        '<p>Withdrawals require at least basic identity verification, and limits depend on your verification level.</p>',
      ),
    },
    zh: {
      title: '如何充值和提现',
      abstract: '向 Exchange 充值数字资产以及将其提现至外部地址的分步说明。',
      content: html(
        '<h3>充值</h3>',
        '<ul><li>进入<strong>资产</strong>页面，选择<strong>充值</strong>。</li><li>选择要充值的资产及转账所用的网络。</li><li>复制您的充值地址；如页面显示备注（Memo/Tag），请一并复制。</li><li>从您的外部钱包发送资产，达到所需网络确认数后即可入账。</li></ul>',
        '<p>请仅通过所选网络发送所选资产。发送其他资产、使用错误网络或遗漏必填的备注，可能导致资金永久丢失。</p>',
        '<h3>提现</h3>',
        '<ul><li>进入<strong>资产</strong>页面，选择<strong>提现</strong>。</li><li>选择资产和网络，然后输入目标地址和金额。</li><li>核对网络手续费及实际到账金额。</li><li>使用交易密码和验证码确认。</li></ul>',
        '<p>提现通常在数分钟内处理完成，但在网络拥堵或需要人工安全审核时可能耗时更长。您可以在提现记录中查看处理状态和交易哈希。</p>',
        '<p>提现至少需要完成初级身份认证，提现额度取决于您的认证等级。</p>',
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
        '<p>Our support team is available <strong>24 hours a day, 7 days a week</strong> in English and Simplified Chinese.</p>',
        '<h3>How to contact us</h3>',
        '<ul><li><strong>Support ticket:</strong> log in and submit a ticket from the Support page. This is the best option for account, deposit and withdrawal issues.</li><li><strong>Online chat:</strong> use the chat button at the bottom of the page for quick questions.</li></ul>',
        '<h3>To help us resolve your request faster</h3>',
        '<ul><li>Your account email or phone number (never your password)</li><li>The asset, network and amount involved</li><li>The transaction ID for deposit or withdrawal questions</li><li>The order ID for trading questions</li><li>Screenshots of any error messages</li></ul>',
        '<p>Exchange staff will never ask for your password, two-factor authentication code or verification codes, and will never ask you to transfer funds. If someone claiming to be from Exchange does so, please report it to us immediately.</p>',
      ),
    },
    zh: {
      title: '联系客服',
      abstract: '如何联系 Exchange 客服团队，以及需要提供哪些信息以便我们快速为您提供帮助。',
      content: html(
        '<p>我们的客服团队提供<strong>7×24 小时</strong>英文和简体中文服务。</p>',
        '<h3>联系方式</h3>',
        '<ul><li><strong>工单：</strong>登录后在帮助支持页面提交工单。账户、充值和提现相关问题建议优先使用此方式。</li><li><strong>在线客服：</strong>简单问题可点击页面底部的聊天按钮咨询。</li></ul>',
        '<h3>为帮助我们更快处理您的请求，请提供</h3>',
        '<ul><li>您的账户邮箱或手机号（切勿提供密码）</li><li>涉及的资产、网络和金额</li><li>充值或提现问题请提供交易哈希</li><li>交易问题请提供订单号</li><li>任何错误提示的截图</li></ul>',
        '<p>Exchange 工作人员绝不会索要您的密码、双重验证码或验证码，也绝不会要求您转账。如有人自称 Exchange 工作人员提出此类要求，请立即向我们举报。</p>',
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
