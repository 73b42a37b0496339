import {
  REPORT_ENDPOINTS,
  REPORT_PATHS,
  flowTypeList,
  fundFlow,
  page,
  statementMonthList,
  statementSummary,
  type FlowGroup,
  type FundFlow,
  type Page,
  type RuntimeMode,
  type StatementSummary,
} from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';

export const reportKeys = {
  months: ['report', 'months'] as const,
  statement: (mode: RuntimeMode, month: string) => ['report', 'statement', mode, month] as const,
  flows: (filters: FlowFilters, pageNum: number) => ['report', 'flows', filters, pageNum] as const,
  flowTypes: (mode: RuntimeMode) => ['report', 'flow-types', mode] as const,
};

export const useStatementMonths = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: reportKeys.months,
    queryFn: ({ signal }) => call(client, REPORT_ENDPOINTS.months, statementMonthList, { signal }),
  });
};

export const fetchStatement = (
  client: ApiClient,
  mode: RuntimeMode,
  month: string,
  signal?: AbortSignal,
): Promise<StatementSummary> =>
  call(client, REPORT_ENDPOINTS.statement, statementSummary, {
    query: { month, mode: String(mode) },
    ...(signal ? { signal } : {}),
  });

export const useStatement = (mode: RuntimeMode, month: string | undefined) => {
  const client = useApiClient();
  return useQuery({
    queryKey: reportKeys.statement(mode, month ?? ''),
    queryFn: ({ signal }) => fetchStatement(client, mode, month ?? '', signal),
    enabled: month !== undefined,
  });
};

/** The download address of a statement: the browser sends the session cookie with it. */
export function statementUrl(
  kind: 'csv' | 'pdf',
  q: { month: string; mode: RuntimeMode; lang: string },
): string {
  const path = kind === 'csv' ? REPORT_PATHS.statementCsv : REPORT_PATHS.statementPdf;
  return `${path}?${new URLSearchParams({ month: q.month, mode: String(q.mode), lang: q.lang }).toString()}`;
}

export interface FlowFilters {
  mode: RuntimeMode;
  asset?: string | undefined;
  group?: FlowGroup | undefined;
  flowType?: number | undefined;
  startTime: number;
  endTime?: number | undefined;
}

function flowQuery(f: FlowFilters): Record<string, string> {
  const q: Record<string, string> = { mode: String(f.mode), startTime: String(f.startTime) };
  if (f.asset) q.asset = f.asset;
  if (f.group) q.group = f.group;
  if (f.flowType !== undefined) q.flowType = String(f.flowType);
  if (f.endTime !== undefined) q.endTime = String(f.endTime);
  return q;
}

const flowPage = page(fundFlow);
export const FLOW_PAGE_SIZE = 20;

export const fetchFundFlows = (
  client: ApiClient,
  filters: FlowFilters,
  pageNum: number,
  signal?: AbortSignal,
): Promise<Page<FundFlow>> =>
  call(client, REPORT_ENDPOINTS.flows, flowPage, {
    query: { ...flowQuery(filters), pageNum, pageSize: FLOW_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const useFundFlows = (filters: FlowFilters, pageNum: number) => {
  const client = useApiClient();
  return useQuery({
    queryKey: reportKeys.flows(filters, pageNum),
    queryFn: ({ signal }) => fetchFundFlows(client, filters, pageNum, signal),
    placeholderData: keepPreviousData,
  });
};

/** The CSV export of a filter's whole range (not only the page on screen). */
export function flowsCsvUrl(filters: FlowFilters, lang: string): string {
  return `${REPORT_PATHS.flowsCsv}?${new URLSearchParams({ ...flowQuery(filters), lang }).toString()}`;
}

/** The flow types that occur in the user's flows of a mode (the last 6 months): the filter's choices. */
export const useFlowTypes = (mode: RuntimeMode) => {
  const client = useApiClient();
  return useQuery({
    queryKey: reportKeys.flowTypes(mode),
    queryFn: ({ signal }) =>
      call(client, REPORT_ENDPOINTS.flowTypes, flowTypeList, {
        query: { mode: String(mode) },
        signal,
      }),
  });
};
