import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import forge from 'node-forge';
import { MemoryRouter, useLocation } from 'react-router';
import { PortalRoutes } from './PortalApp';

/** How long a test waits for a screen that loads lazily (after sign-in) on a busy machine. */
export const LAZY = { timeout: 10_000 };

/** A key pair like the server's: tests read back what the portal encrypted. */
export const serverKeys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
export const publicKeyPem = forge.pki.publicKeyToPem(serverKeys.publicKey);
export const decryptPassword = (sealed: string) => forge.util.decodeUtf8(serverKeys.privateKey.decrypt(forge.util.decode64(sealed), 'RSAES-PKCS1-V1_5'));

/** The signed-in account as `portal/me` answers it: every wechat:* code held. */
export const ACCOUNT = {
  id: 5,
  name: '王芳',
  account: '13800138000',
  customerId: 42,
  customerCode: 'C0042',
  companyName: '宁波远洋贸易有限公司',
  lang: 'zh',
  permissionCodes: ['wechat:orderAdd', 'wechat:orderList', 'wechat:track'],
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The portal's routes at `path` (under /m), with a fresh query client; `location` shows where the portal went. */
export function renderPortal(path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client, location: () => view.getByTestId('location').textContent };
}
