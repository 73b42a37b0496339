/**
 * The catalogue's coin overviews in the client's other languages, by asset code. The catalogue
 * holds the English text (and the overview of any asset added later); the card shows the one of
 * the user's language when there is one here.
 */
export const COIN_OVERVIEWS: Record<string, Partial<Record<string, string>>> = {
  'zh-CN': {
    BTC: '比特币是一种去中心化的点对点电子现金系统，最早由中本聪在 2008 年的白皮书中提出。其网络由工作量证明挖矿保护，总量上限为 2100 万枚，新币发行量约每四年减半一次。',
    ETH: '以太坊是一条可编程区块链，能够执行智能合约，并承载着庞大的代币和去中心化应用生态。以太币（ETH）用于支付交易手续费，并通过权益证明保护网络，权益证明已于 2022 年取代挖矿。',
    USDT: 'Tether USD（USDT）是由 Tether 发行的法币抵押稳定币，目标是每枚代币保持 1 美元的价值。它在以太坊和波场等多条区块链上发行，被广泛用作交易所的计价货币。',
    USDC: 'USD Coin（USDC）是由 Circle 发行的法币支持稳定币，可按一比一兑换美元。其储备以现金和短期美国政府债务形式持有，并定期接受第三方鉴证。',
    SOL: 'Solana 是一条高吞吐量的一层区块链，结合权益证明与历史证明时钟来为交易排序。SOL 用于支付交易手续费和质押，网络支持智能合约和代币发行。',
    XRP: 'XRP 是 XRP Ledger 的原生资产。XRP Ledger 是 2012 年推出的开源分布式账本，通过联邦共识协议而非挖矿来结算交易。全部 1000 亿枚 XRP 在创世时生成，每笔交易都会销毁少量 XRP 作为手续费。',
    XAUT: 'Tether Gold（XAUT）是由 Tether 发行的代币，每枚代币代表存放于瑞士金库中的一金衡盎司伦敦合格交割标准金条的所有权。持有人可以查询分配到其地址的具体金条，并在满足最低数量和费用要求后赎回实物黄金。',
    TBILL:
      'TBILL 代表一只基金的份额，该基金投资于短期美国国库券、现金和隔夜回购协议。每枚代币的目标价值稳定在约 1 美元，收益以追加代币的形式分配给持有人。申购和赎回仅限符合资格且已验证身份的投资者。',
    HKRE: 'HKRE 代表一只基金的单位，该基金持有香港商业及住宅物业组合。扣除基金费用后的租金收入定期分配给代币持有人，资产净值以独立估值为依据。',
    PCRED:
      'PCRED 代表一只多元化基金的单位，该基金投资于向中型企业发放的优先有担保贷款。利息收入计入每个单位的资产净值，赎回按计划的时间间隔处理，并受流动性限制。',
  },
  'zh-TW': {
    BTC: '比特幣是一種去中心化的點對點電子現金系統，最早由中本聰在 2008 年的白皮書中提出。其網路由工作量證明挖礦保護，總量上限為 2100 萬枚，新幣發行量約每四年減半一次。',
    ETH: '以太坊是一條可程式化區塊鏈，能夠執行智慧合約，並承載著龐大的代幣和去中心化應用生態。以太幣（ETH）用於支付交易手續費，並透過權益證明保護網路，權益證明已於 2022 年取代挖礦。',
    USDT: 'Tether USD（USDT）是由 Tether 發行的法幣抵押穩定幣，目標是每枚代幣維持 1 美元的價值。它在以太坊和波場等多條區塊鏈上發行，被廣泛用作交易所的計價貨幣。',
    USDC: 'USD Coin（USDC）是由 Circle 發行的法幣支持穩定幣，可按一比一兌換美元。其儲備以現金和短期美國政府債務形式持有，並定期接受第三方鑑證。',
    SOL: 'Solana 是一條高吞吐量的第一層區塊鏈，結合權益證明與歷史證明時鐘來為交易排序。SOL 用於支付交易手續費和質押，網路支援智慧合約和代幣發行。',
    XRP: 'XRP 是 XRP Ledger 的原生資產。XRP Ledger 是 2012 年推出的開源分散式帳本，透過聯邦共識協定而非挖礦來結算交易。全部 1000 億枚 XRP 在創世時產生，每筆交易都會銷毀少量 XRP 作為手續費。',
    XAUT: 'Tether Gold（XAUT）是由 Tether 發行的代幣，每枚代幣代表存放於瑞士金庫中的一金衡盎司倫敦合格交割標準金條的所有權。持有人可以查詢分配到其地址的具體金條，並在符合最低數量和費用要求後贖回實體黃金。',
    TBILL:
      'TBILL 代表一檔基金的份額，該基金投資於短期美國國庫券、現金和隔夜附買回協議。每枚代幣的目標價值穩定在約 1 美元，收益以追加代幣的形式分配給持有人。申購和贖回僅限符合資格且已驗證身分的投資人。',
    HKRE: 'HKRE 代表一檔基金的單位，該基金持有香港商業及住宅物業組合。扣除基金費用後的租金收入定期分配給代幣持有人，資產淨值以獨立估值為依據。',
    PCRED:
      'PCRED 代表一檔多元化基金的單位，該基金投資於向中型企業發放的優先有擔保貸款。利息收入計入每個單位的資產淨值，贖回按排定的時間間隔處理，並受流動性限制。',
  },
  ja: {
    BTC: 'ビットコインは、2008 年にサトシ・ナカモトのホワイトペーパーで初めて示された、分散型のピアツーピア電子現金システムです。ネットワークはプルーフ・オブ・ワークのマイニングで守られ、供給量は 2,100 万枚が上限で、新規発行はおよそ 4 年ごとに半減します。',
    ETH: 'イーサリアムはスマートコントラクトを実行できるプログラム可能なブロックチェーンで、多くのトークンと分散型アプリケーションを抱えています。イーサ（ETH）は取引手数料の支払いに使われ、2022 年にマイニングに代わったプルーフ・オブ・ステークでネットワークを守ります。',
    USDT: 'Tether USD（USDT）は Tether が発行する法定通貨担保型のステーブルコインで、1 トークンあたり 1 米ドルの価値を保つことを目指しています。イーサリアムや Tron など複数のブロックチェーンで発行され、取引所の建値通貨として広く使われています。',
    USDC: 'USD Coin（USDC）は Circle が発行する法定通貨裏付け型のステーブルコインで、1 対 1 で米ドルに償還できます。準備金は現金と短期の米国政府債務で保有され、定期的に第三者の証明を受けています。',
    SOL: 'Solana は、プルーフ・オブ・ステークとプルーフ・オブ・ヒストリーの時計を組み合わせて取引を順序付ける、高スループットのレイヤー 1 ブロックチェーンです。SOL は取引手数料とステーキングに使われ、ネットワークはスマートコントラクトとトークン発行に対応しています。',
    XRP: 'XRP は、2012 年に公開されたオープンソースの分散型台帳 XRP Ledger のネイティブ資産です。取引はマイニングではなく連合型のコンセンサスプロトコルで決済されます。1,000 億 XRP はすべてジェネシス時に作られ、取引のたびに手数料として少量が消却されます。',
    XAUT: 'Tether Gold（XAUT）は Tether が発行するトークンで、1 トークンがスイスの金庫に保管されたロンドン・グッド・デリバリー金地金 1 トロイオンスの所有権を表します。保有者は自分のアドレスに割り当てられた地金を確認でき、最低数量と手数料の条件のもとで現物の金に償還できます。',
    TBILL:
      'TBILL は、短期の米国財務省証券、現金、翌日物レポ取引に投資するファンドの持分を表します。各トークンは約 1 米ドルの安定した価値を目標とし、利回りは追加のトークンとして保有者に分配されます。申込みと償還は、本人確認を済ませた適格投資家に限られます。',
    HKRE: 'HKRE は、香港の商業・住宅不動産のポートフォリオを保有するファンドの持分を表します。ファンド費用を差し引いた賃料収入は定期的にトークン保有者に分配され、純資産価値は独立した鑑定評価に基づきます。',
    PCRED:
      'PCRED は、中堅企業向けのシニア担保付きローンに分散投資するファンドの持分を表します。利息収入は各持分の純資産価値に積み上がり、償還は流動性の制限のもとで定められた間隔で処理されます。',
  },
  ko: {
    BTC: '비트코인은 2008년 사토시 나카모토의 백서에서 처음 제시된 탈중앙화 P2P 전자 현금 시스템입니다. 네트워크는 작업 증명 채굴로 보호되며, 공급량은 2,100만 개로 제한되고 신규 발행량은 약 4년마다 절반으로 줄어듭니다.',
    ETH: '이더리움은 스마트 계약을 실행하는 프로그래밍 가능한 블록체인으로, 방대한 토큰과 탈중앙화 애플리케이션 생태계를 품고 있습니다. 이더(ETH)는 거래 수수료를 지불하는 데 쓰이며, 2022년 채굴을 대체한 지분 증명으로 네트워크를 보호합니다.',
    USDT: 'Tether USD(USDT)는 Tether가 발행하는 법정화폐 담보 스테이블코인으로, 토큰당 1미국 달러의 가치를 유지하는 것을 목표로 합니다. 이더리움과 트론 등 여러 블록체인에서 발행되며 거래소의 기준 통화로 널리 쓰입니다.',
    USDC: 'USD Coin(USDC)은 Circle이 발행하는 법정화폐 기반 스테이블코인으로, 1대 1로 미국 달러로 상환할 수 있습니다. 준비금은 현금과 단기 미국 국채로 보유되며 정기적으로 제3자 검증을 받습니다.',
    SOL: '솔라나는 지분 증명과 역사 증명 시계를 결합해 거래 순서를 정하는 고처리량 레이어 1 블록체인입니다. SOL은 거래 수수료와 스테이킹에 쓰이며, 네트워크는 스마트 계약과 토큰 발행을 지원합니다.',
    XRP: 'XRP는 2012년에 출시된 오픈 소스 분산 원장인 XRP Ledger의 기본 자산입니다. 거래는 채굴이 아닌 연합 합의 프로토콜로 결제됩니다. 1,000억 개의 XRP는 모두 제네시스 때 생성되었으며, 거래마다 소량이 수수료로 소각됩니다.',
    XAUT: 'Tether Gold(XAUT)는 Tether가 발행하는 토큰으로, 토큰 하나가 스위스 금고에 보관된 런던 굿 딜리버리 금괴 1트로이온스의 소유권을 나타냅니다. 보유자는 자신의 주소에 배정된 금괴를 조회할 수 있고, 최소 수량과 수수료 조건에 따라 실물 금으로 상환할 수 있습니다.',
    TBILL:
      'TBILL은 단기 미국 재무부 채권, 현금, 익일물 환매조건부 거래에 투자하는 펀드의 지분을 나타냅니다. 각 토큰은 약 1미국 달러의 안정적인 가치를 목표로 하며, 수익은 추가 토큰으로 보유자에게 분배됩니다. 청약과 환매는 본인 인증을 마친 적격 투자자로 제한됩니다.',
    HKRE: 'HKRE는 홍콩의 상업용 및 주거용 부동산 포트폴리오를 보유한 펀드의 지분을 나타냅니다. 펀드 비용을 뺀 임대 수입은 정기적으로 토큰 보유자에게 분배되며, 순자산가치는 독립적인 감정평가에 근거합니다.',
    PCRED:
      'PCRED는 중견 기업에 대한 선순위 담보 대출에 분산 투자하는 펀드의 지분을 나타냅니다. 이자 수입은 각 지분의 순자산가치에 반영되며, 환매는 유동성 한도 내에서 정해진 주기에 따라 처리됩니다.',
  },
  fr: {
    BTC: "Bitcoin est un système de monnaie électronique pair à pair et décentralisé, décrit pour la première fois en 2008 dans le livre blanc de Satoshi Nakamoto. Son réseau est sécurisé par le minage en preuve de travail et son offre est plafonnée à 21 millions d'unités, l'émission nouvelle étant divisée par deux environ tous les quatre ans.",
    ETH: "Ethereum est une blockchain programmable qui exécute des contrats intelligents et héberge un vaste écosystème de jetons et d'applications décentralisées. L'ether (ETH) paie les frais de transaction et sécurise le réseau par la preuve d'enjeu, qui a remplacé le minage en 2022.",
    USDT: "Tether USD (USDT) est un stablecoin garanti par des devises, émis par Tether, qui vise une valeur d'un dollar américain par jeton. Il est émis sur plusieurs blockchains, dont Ethereum et Tron, et sert largement de devise de cotation sur les plateformes d'échange.",
    USDC: "USD Coin (USDC) est un stablecoin adossé à des devises, émis par Circle et remboursable un pour un en dollars américains. Ses réserves sont détenues en liquidités et en titres courts de l'État américain, et font l'objet d'attestations régulières par des tiers.",
    SOL: "Solana est une blockchain de couche 1 à haut débit qui associe la preuve d'enjeu à une horloge de preuve d'historique pour ordonner les transactions. Le SOL sert aux frais de transaction et au staking, et le réseau prend en charge les contrats intelligents et l'émission de jetons.",
    XRP: "XRP est l'actif natif du XRP Ledger, un registre distribué open source lancé en 2012 qui règle les transactions par un protocole de consensus fédéré plutôt que par le minage. Les 100 milliards de XRP ont tous été créés à la genèse, et une petite quantité est détruite comme frais à chaque transaction.",
    XAUT: "Tether Gold (XAUT) est un jeton émis par Tether dont chaque unité représente la propriété d'une once troy d'or fin au standard London Good Delivery, conservé dans un coffre suisse. Les détenteurs peuvent consulter les lingots attribués à leur adresse et, sous réserve de minimums et de frais, les échanger contre de l'or physique.",
    TBILL:
      "TBILL représente des parts d'un fonds investi en bons du Trésor américain à court terme, en liquidités et en prises en pension au jour le jour. Chaque jeton vise une valeur stable d'environ un dollar américain, le rendement étant versé aux détenteurs sous forme de jetons supplémentaires. Souscriptions et rachats sont réservés aux investisseurs éligibles et vérifiés.",
    HKRE: "HKRE représente des parts d'un fonds détenant un portefeuille de biens commerciaux et résidentiels à Hong Kong. Les loyers, nets des frais du fonds, sont distribués périodiquement aux détenteurs de jetons, et la valeur liquidative repose sur des expertises indépendantes.",
    PCRED:
      "PCRED représente des parts d'un fonds diversifié de prêts senior garantis à des entreprises de taille intermédiaire. Les intérêts s'ajoutent à la valeur liquidative de chaque part, et les rachats sont traités à dates fixes, dans la limite de la liquidité disponible.",
  },
  de: {
    BTC: 'Bitcoin ist ein dezentrales Peer-to-Peer-System für elektronisches Bargeld, erstmals 2008 in einem Whitepaper von Satoshi Nakamoto beschrieben. Das Netzwerk wird durch Proof-of-Work-Mining gesichert, die Menge ist auf 21 Millionen Coins begrenzt, und die Neuausgabe halbiert sich etwa alle vier Jahre.',
    ETH: 'Ethereum ist eine programmierbare Blockchain, die Smart Contracts ausführt und ein großes Ökosystem aus Token und dezentralen Anwendungen trägt. Ether (ETH) bezahlt die Transaktionsgebühren und sichert das Netzwerk per Proof of Stake, das 2022 das Mining abgelöst hat.',
    USDT: 'Tether USD (USDT) ist ein durch Fiatgeld gedeckter Stablecoin von Tether, der einen Wert von einem US-Dollar je Token halten soll. Er wird auf mehreren Blockchains ausgegeben, darunter Ethereum und Tron, und ist an Börsen als Notierungswährung weit verbreitet.',
    USDC: 'USD Coin (USDC) ist ein durch Fiatgeld gedeckter Stablecoin von Circle, der eins zu eins in US-Dollar eingelöst werden kann. Die Reserven werden in Bargeld und kurzlaufenden US-Staatsanleihen gehalten und regelmäßig von Dritten bestätigt.',
    SOL: 'Solana ist eine Layer-1-Blockchain mit hohem Durchsatz, die Proof of Stake mit einer Proof-of-History-Uhr verbindet, um Transaktionen zu ordnen. SOL dient für Transaktionsgebühren und Staking, und das Netzwerk unterstützt Smart Contracts und die Ausgabe von Token.',
    XRP: 'XRP ist das native Asset des XRP Ledger, eines 2012 gestarteten quelloffenen verteilten Registers, das Transaktionen über ein föderiertes Konsensprotokoll statt durch Mining abwickelt. Alle 100 Milliarden XRP entstanden beim Start; bei jeder Transaktion wird eine kleine Menge als Gebühr vernichtet.',
    XAUT: 'Tether Gold (XAUT) ist ein Token von Tether, bei dem jeder Token das Eigentum an einer Feinunze Gold im London-Good-Delivery-Standard verbrieft, verwahrt in einem Schweizer Tresor. Inhaber können die ihrer Adresse zugeordneten Barren abfragen und sie, vorbehaltlich Mindestmengen und Gebühren, gegen physisches Gold einlösen.',
    TBILL:
      'TBILL steht für Anteile an einem Fonds, der in kurzlaufende US-Schatzwechsel, Bargeld und Tagesgeld-Repogeschäfte investiert. Jeder Token zielt auf einen stabilen Wert von etwa einem US-Dollar; die Rendite wird den Inhabern als zusätzliche Token ausgeschüttet. Zeichnungen und Rücknahmen stehen nur berechtigten, verifizierten Anlegern offen.',
    HKRE: 'HKRE steht für Anteile an einem Fonds mit einem Portfolio aus Gewerbe- und Wohnimmobilien in Hongkong. Die Mieteinnahmen werden nach Abzug der Fondskosten regelmäßig an die Token-Inhaber ausgeschüttet; der Nettoinventarwert beruht auf unabhängigen Bewertungen.',
    PCRED:
      'PCRED steht für Anteile an einem breit gestreuten Fonds aus vorrangig besicherten Darlehen an mittelständische Unternehmen. Zinserträge fließen in den Nettoinventarwert jedes Anteils, und Rücknahmen werden zu festen Terminen im Rahmen der verfügbaren Liquidität abgewickelt.',
  },
  ar: {
    BTC: 'بيتكوين نظام نقد إلكتروني لامركزي من نظير إلى نظير، وصفه ساتوشي ناكاموتو لأول مرة في ورقة بيضاء عام 2008. تؤمَّن شبكته بالتعدين القائم على إثبات العمل، ويقتصر معروضه على 21 مليون عملة، ويتقلص الإصدار الجديد إلى النصف كل أربع سنوات تقريبًا.',
    ETH: 'إيثريوم سلسلة كتل قابلة للبرمجة تنفّذ العقود الذكية وتستضيف منظومة كبيرة من الرموز والتطبيقات اللامركزية. يُستخدم الإيثر (ETH) لدفع رسوم المعاملات ويؤمّن الشبكة عبر إثبات الحصة الذي حلّ محل التعدين في عام 2022.',
    USDT: 'Tether USD (USDT) عملة مستقرة مضمونة بالعملات الورقية تصدرها شركة Tether، وتهدف إلى الحفاظ على قيمة دولار أمريكي واحد لكل رمز. تُصدر على عدة سلاسل كتل منها إيثريوم وترون، وتُستخدم على نطاق واسع عملةً للتسعير في منصات التداول.',
    USDC: 'USD Coin (USDC) عملة مستقرة مدعومة بالعملات الورقية تصدرها شركة Circle، ويمكن استردادها مقابل الدولار الأمريكي بنسبة واحد إلى واحد. تُحفظ احتياطياتها نقدًا وفي سندات حكومية أمريكية قصيرة الأجل، وتخضع لتصديقات دورية من جهات خارجية.',
    SOL: 'سولانا سلسلة كتل من الطبقة الأولى عالية الإنتاجية تجمع بين إثبات الحصة وساعة إثبات التاريخ لترتيب المعاملات. تُستخدم SOL لرسوم المعاملات والتخزين، وتدعم الشبكة العقود الذكية وإصدار الرموز.',
    XRP: 'XRP هو الأصل الأصلي لـ XRP Ledger، وهو سجل موزع مفتوح المصدر أُطلق عام 2012 ويسوّي المعاملات عبر بروتوكول إجماع اتحادي بدلًا من التعدين. أُنشئت جميع وحدات XRP البالغة 100 مليار عند الإطلاق، وتُتلف كمية صغيرة منها رسومًا مع كل معاملة.',
    XAUT: 'Tether Gold (XAUT) رمز تصدره شركة Tether، يمثّل كل رمز منه ملكية أونصة تروي واحدة من الذهب الخالص وفق معيار London Good Delivery محفوظة في خزنة سويسرية. يمكن للحاملين الاطلاع على السبائك المخصصة لعناوينهم، واستبدالها بذهب فعلي وفق حدود دنيا ورسوم.',
    TBILL:
      'يمثّل TBILL حصصًا في صندوق يستثمر في أذون الخزانة الأمريكية قصيرة الأجل والنقد واتفاقيات إعادة الشراء لليلة واحدة. يستهدف كل رمز قيمة مستقرة تقارب دولارًا أمريكيًا واحدًا، ويوزَّع العائد على الحاملين في صورة رموز إضافية. يقتصر الاكتتاب والاسترداد على المستثمرين المؤهلين الذين جرى التحقق من هويتهم.',
    HKRE: 'يمثّل HKRE وحدات في صندوق يملك محفظة من العقارات التجارية والسكنية في هونغ كونغ. يوزَّع دخل الإيجار بعد خصم مصاريف الصندوق على حاملي الرموز بشكل دوري، وتستند قيمة صافي الأصول إلى تقييمات مستقلة.',
    PCRED:
      'يمثّل PCRED وحدات في صندوق متنوع من القروض الممتازة المضمونة الممنوحة لشركات متوسطة الحجم. يُضاف دخل الفوائد إلى صافي قيمة أصول كل وحدة، وتُعالج طلبات الاسترداد في مواعيد محددة ضمن حدود السيولة.',
  },
};

/** The overview in `language` where one is known, else the catalogue's (English) text. */
export function coinOverview(
  code: string,
  language: string,
  catalogue: string | null,
): string | null {
  if (!catalogue) return null;
  return COIN_OVERVIEWS[language]?.[code] ?? catalogue;
}
