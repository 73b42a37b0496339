import type { RouteObject } from 'react-router-dom';
import { MarketsPage } from '../features/markets/MarketsPage';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <MarketsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
