// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import { LegalFooter } from './LegalFooter';

setUpComponentTests();

const legal = {
  companyName: 'Aposta Jogos Ltda',
  cnpj: '12345678000190',
  spaAuthorisation: 'Portaria SPA/MF nº 999/2025',
  customerServiceEmail: 'sac@aposta.test',
  customerServicePhone: '0800 000 0000',
  ombudsmanEmail: 'ouvidoria@aposta.test',
  ombudsmanPhone: '',
  selfExclusionUrl: 'https://www.gov.br/autoexclusaoapostas',
};

function server(shown: boolean) {
  fakeApi(({ pathname }) => (pathname === '/api/app/legal' ? envelope({ shown, ...legal }) : envelope(null)));
}

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <LegalFooter />
    </QueryClientProvider>,
  );

describe('the legal footer (decision 0053)', () => {
  it('under br-licensed names the company, CNPJ, SPA authorisation, customer service and ombudsman', async () => {
    server(true);
    show();
    expect(await screen.findByText('Aposta Jogos Ltda')).toBeTruthy();
    expect(screen.getByText('CNPJ 12.345.678/0001-90')).toBeTruthy();
    expect(screen.getByText('Autorização SPA/MF: Portaria SPA/MF nº 999/2025')).toBeTruthy();
    expect(screen.getByText('Atendimento ao cliente: sac@aposta.test · 0800 000 0000')).toBeTruthy();
    expect(screen.getByText('Ouvidoria: ouvidoria@aposta.test')).toBeTruthy();
  });

  it('in the open profile shows nothing', async () => {
    server(false);
    const { container } = show();
    // The answer has arrived (and rendered) before the footer is looked for.
    await expect.poll(() => queryClient.getQueryState(['legal'])?.status).toBe('success');
    expect(container.querySelector('footer')).toBeNull();
    expect(screen.queryByText('Aposta Jogos Ltda')).toBeNull();
  });
});
