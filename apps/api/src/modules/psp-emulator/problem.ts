/**
 * A problem answer (RFC 7807), as the API Pix writes its errors: `type` is
 * `https://pix.bcb.gov.br/api/v2/error/<TipoErro>` with the standard's named types (openapi 2.9.0, "Tratamento de
 * erros"). `efi` answers in Efí's own error shape `{nome, mensagem}` instead (its send-Pix calls).
 */
export class EmulatorProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly violacoes: { razao: string; propriedade?: string }[];
  readonly efi: boolean;
  constructor(
    status: number,
    type: string,
    title: string,
    detail: string,
    extra: { violacoes?: { razao: string; propriedade?: string }[]; efi?: boolean } = {},
  ) {
    super(detail);
    this.status = status;
    this.type = type;
    this.title = title;
    this.detail = detail;
    this.violacoes = extra.violacoes ?? [];
    this.efi = extra.efi ?? false;
  }
}
