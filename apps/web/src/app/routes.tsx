import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { legalDocumentSlug } from '@exchange/contracts';
import { useParams, type RouteObject } from 'react-router-dom';
import { ComingSoon } from '../components/coming-soon';
import { PATHS } from '../config/paths';
import { retryImport } from '../lib/retry-import';
import type { en } from './locales/en';
import { NotFoundPage } from './not-found-page';
import { MobileLayout, type MobileHandle, type MobileTitle } from './mobile-layout';
import { RootLayout, type RouteHandle } from './root-layout';

/** Each screen is its own chunk: the landing page loads none of the others (retried on a blip). */
function page<K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => retryImport(loader).then((m) => ({ default: m[name] })));
}

const LandingPage = page(() => import('../features/home/components/landing-page'), 'LandingPage');
const MarketsPage = page(() => import('../features/markets/markets-page'), 'MarketsPage');
const HelpPage = page(() => import('../features/info/components/help-page'), 'HelpPage');
const RatesPage = page(() => import('../features/info/components/rates-page'), 'RatesPage');
const LegalPage = lazy(() =>
  retryImport(() => import('../features/legal/components/legal-page')).then((m) => ({
    default: m.LegalPage,
  })),
);

/** /legal/:slug: one of the operator's legal or about pages; another slug is not found. */
function LegalRoute() {
  const parsed = legalDocumentSlug.safeParse(useParams().slug);
  return parsed.success ? <LegalPage slug={parsed.data} /> : <NotFoundPage />;
}
const NewsPage = page(() => import('../features/news/components/news-page'), 'NewsPage');
const MessageCenterPage = page(
  () => import('../features/notifications/components/message-center-page'),
  'MessageCenterPage',
);
const AccountOverviewPage = page(
  () => import('../features/account-centre/components/account-overview-page'),
  'AccountOverviewPage',
);
const LoginPage = page(() => import('../features/auth/components/login-page'), 'LoginPage');
const ResetPasswordPage = page(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const RegisterSuccessPage = page(
  () => import('../features/auth/components/register-success-page'),
  'RegisterSuccessPage',
);
const IndividualKycPage = page(
  () => import('../features/kyc/components/kyc-page'),
  'IndividualKycPage',
);
const InstitutionKycPage = page(
  () => import('../features/kyc/components/kyc-page'),
  'InstitutionKycPage',
);
const IdentityCentrePage = page(
  () => import('../features/kyc/components/identity-centre'),
  'IdentityCentrePage',
);
const BankAccountPage = page(
  () => import('../features/fiat-bank/components/bank-account-page'),
  'BankAccountPage',
);
const ForeignExchangePage = page(
  () => import('../features/foreign-exchange/components/fx-page'),
  'ForeignExchangePage',
);
const TradePage = page(() => import('../features/trade/trade-page'), 'TradePage');
const OrdersPage = page(() => import('../features/trade/account-pages'), 'OrdersPage');
const WalletPage = page(() => import('../features/trade/account-pages'), 'WalletPage');
const TransactionHistoryPage = page(
  () => import('../features/trade/account-pages'),
  'TransactionHistoryPage',
);
const SecurityPage = page(
  () => import('../features/security/components/security-page'),
  'SecurityPage',
);
const CryptoChannelPage = page(
  () => import('../features/crypto-wallet/components/crypto-channel-page'),
  'CryptoChannelPage',
);
const WhitelistPage = page(
  () => import('../features/crypto-wallet/components/whitelist-page'),
  'WhitelistPage',
);
const BankCardPage = page(
  () => import('../features/fiat-withdrawal/components/bank-card-page'),
  'BankCardPage',
);
const FiatWithdrawPage = page(
  () => import('../features/fiat-withdrawal/components/withdraw-page'),
  'WithdrawPage',
);
const BankDepositPage = page(
  () => import('../features/fiat-deposit/components/bank-deposit-page'),
  'BankDepositPage',
);
const CardDepositPage = page(
  () => import('../features/fiat-deposit/components/card-deposit-page'),
  'CardDepositPage',
);
const FiatHistoryPage = page(
  () => import('../features/fiat-deposit/components/fiat-history-page'),
  'FiatHistoryPage',
);
const ConvertPage = page(
  () => import('../features/convert/components/convert-page'),
  'ConvertPage',
);
const TradeForRewardPage = page(
  () => import('../features/trade-for-reward/components/trade-for-reward-page'),
  'TradeForRewardPage',
);
const RapidBuyPage = page(
  () => import('../features/rapid-buy/components/rapid-buy-page'),
  'RapidBuyPage',
);
const FlashInitiatePage = page(
  () => import('../features/flash-remittance/components/initiate-page'),
  'FlashInitiatePage',
);
const FlashConfirmPage = page(
  () => import('../features/flash-remittance/components/confirm-page'),
  'FlashConfirmPage',
);
const FlashHistoryPage = page(
  () => import('../features/flash-remittance/components/history-page'),
  'FlashHistoryPage',
);
const FlashWhitelistPage = page(
  () => import('../features/flash-remittance/components/whitelist-page'),
  'FlashWhitelistPage',
);
const CancellationPage = page(
  () => import('../features/cancellation/components/cancellation-page'),
  'CancellationPage',
);
const FeePage = page(() => import('../features/reports/components/fee-page'), 'FeePage');
const FundFlowPage = page(
  () => import('../features/reports/components/fund-flow-page'),
  'FundFlowPage',
);
const StatementsPage = page(
  () => import('../features/reports/components/statements-page'),
  'StatementsPage',
);
const MobileRegisterResult = page(
  () => import('../features/mobile/components/register-result-page'),
  'RegisterResultPage',
);

type PageKey = keyof (typeof en)['pages'];

function ComingSoonRoute({ page: key }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ComingSoon name={t(`pages.${key}`)} />;
}

const bare: RouteHandle = { layout: 'none' };
const embedded = (mobileTitle: MobileTitle, dark = false): MobileHandle => ({
  layout: 'none',
  mobileTitle,
  dark,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: PATHS.home, element: <LandingPage /> },
      { path: PATHS.market, element: <MarketsPage /> },
      { path: PATHS.help, element: <HelpPage /> },
      { path: PATHS.exchangeRates, element: <RatesPage /> },
      { path: PATHS.privacy, element: <LegalPage slug="privacy-policy" /> },
      { path: PATHS.news, element: <NewsPage /> },
      { path: PATHS.legal, element: <LegalRoute /> },
      { path: PATHS.messageCenter, element: <MessageCenterPage /> },
      { path: PATHS.login, element: <LoginPage />, handle: bare },
      { path: PATHS.forgotPassword, element: <ResetPasswordPage />, handle: bare },
      { path: PATHS.registerSuccess, element: <RegisterSuccessPage />, handle: bare },
      { path: PATHS.tradeSpot, element: <TradePage /> },
      { path: `${PATHS.tradeSpot}/:symbol`, element: <TradePage /> },
      { path: PATHS.tradeSwap, element: <ConvertPage /> },
      { path: PATHS.tradeForReward, element: <TradeForRewardPage /> },
      { path: PATHS.accountCenter, element: <AccountOverviewPage /> },
      { path: PATHS.wallet, element: <WalletPage /> },
      { path: PATHS.orders, element: <OrdersPage /> },
      { path: PATHS.security, element: <SecurityPage /> },
      { path: PATHS.address, element: <WhitelistPage /> },
      { path: PATHS.cancellation, element: <CancellationPage /> },
      { path: PATHS.bankCardManage, element: <BankCardPage /> },
      { path: PATHS.transactionHistory, element: <TransactionHistoryPage /> },
      { path: PATHS.fee, element: <FeePage /> },
      { path: PATHS.fundFlow, element: <FundFlowPage /> },
      { path: PATHS.statements, element: <StatementsPage /> },
      { path: PATHS.fiatHistory, element: <FiatHistoryPage /> },
      { path: PATHS.identity, element: <IdentityCentrePage /> },
      { path: PATHS.individualKyc, element: <IndividualKycPage /> },
      { path: PATHS.institutionKyc, element: <InstitutionKycPage /> },
      { path: PATHS.bankAccount, element: <BankAccountPage /> },
      { path: PATHS.withdrawAssets, element: <FiatWithdrawPage /> },
      { path: PATHS.fiatChannel, element: <BankDepositPage /> },
      { path: PATHS.otherFiatChannel, element: <CardDepositPage /> },
      { path: PATHS.foreignExchange, element: <ForeignExchangePage /> },
      { path: PATHS.rapidBuy, element: <RapidBuyPage /> },
      { path: PATHS.flashRemittance, element: <FlashInitiatePage /> },
      { path: PATHS.flashConfirm, element: <FlashConfirmPage /> },
      { path: PATHS.flashHistory, element: <FlashHistoryPage /> },
      { path: PATHS.flashWhitelist, element: <FlashWhitelistPage /> },
      { path: PATHS.cryptoChannel, element: <CryptoChannelPage /> },
      {
        // The pages the mobile app embeds (its web views): the site's pages in a bare frame.
        element: <MobileLayout />,
        children: [
          {
            path: PATHS.mobileRegisterResult,
            element: <MobileRegisterResult />,
            handle: embedded('registerResult', true),
          },
          {
            path: PATHS.mobileIdentity,
            element: <IdentityCentrePage />,
            handle: embedded('identity'),
          },
          {
            path: PATHS.mobileIndividualKyc,
            element: <IndividualKycPage />,
            handle: embedded('individualKyc'),
          },
          {
            path: PATHS.mobileInstitutionKyc,
            element: <InstitutionKycPage />,
            handle: embedded('institutionKyc'),
          },
          {
            path: PATHS.mobileDeposit,
            element: <CryptoChannelPage />,
            handle: embedded('deposit'),
          },
          { path: PATHS.mobileHelp, element: <HelpPage />, handle: embedded('help') },
        ],
      },
      { path: `${PATHS.mobile}/*`, element: <ComingSoonRoute page="mobile" />, handle: bare },
      { path: '*', element: <NotFoundPage />, handle: { public: true } satisfies RouteHandle },
    ],
  },
];
