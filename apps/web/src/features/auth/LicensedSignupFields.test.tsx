// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { usePrefs } from '../../lib/prefs';
import { setUpComponentTests } from '../../test-support';
import {
  emptySignupExtras,
  LicensedSignupFields,
  licensedSignupBody,
  type SignupExtras,
} from './LicensedSignupFields';

setUpComponentTests();

// The sheet's br-licensed part as the form uses it, with the request body it would send shown in an output.
function Harness() {
  const [extras, setExtras] = useState<SignupExtras>(emptySignupExtras);
  return (
    <>
      <LicensedSignupFields value={extras} onChange={setExtras} />
      <output aria-label="body">{JSON.stringify(licensedSignupBody(extras))}</output>
    </>
  );
}

describe('the br-licensed registration fields (decision 0055)', () => {
  it('asks the deposit, loss and time limits, the gender and the address, and sends what was filled', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    const user = userEvent.setup();
    render(<Harness />);
    const body = () => JSON.parse(screen.getByLabelText('body').textContent ?? '{}');
    expect(body()).toEqual({});
    await user.type(screen.getByLabelText('Limite mensal de depósito (R$)'), '500');
    await user.type(screen.getByLabelText('Limite mensal de perdas (R$)'), '200,50');
    await user.type(screen.getByLabelText('Limite de tempo por sessão (minutos)'), '9O0');
    await user.selectOptions(screen.getByLabelText('Gênero'), 'Prefiro não informar');
    await user.type(screen.getByLabelText('Endereço (logradouro e número)'), 'Rua A, 1');
    await user.type(screen.getByLabelText('Cidade'), 'Recife');
    await user.type(screen.getByLabelText('UF'), 'p3e');
    await user.type(screen.getByLabelText('CEP'), '50010-000');
    expect(body()).toEqual({
      depositMonth: '500.00',
      lossMonth: '200.50',
      sessionMinutes: 90,
      gender: 'undisclosed',
      addressLine: 'Rua A, 1',
      city: 'Recife',
      state: 'PE',
      postalCode: '50010-000',
    });
  });

  it('leaves out what is empty, so the server names what is missing', () => {
    expect(licensedSignupBody({ ...emptySignupExtras, city: '  ', sessionMinutes: '' })).toEqual({});
  });
});
