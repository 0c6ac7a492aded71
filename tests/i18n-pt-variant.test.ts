import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The app's Portuguese is Brazilian Portuguese (pt-BR), everywhere: `pt` is CLDR's Brazilian Portuguese, which
 * is what Intl formats dates and numbers in for `pt` (docs/i18n.md). A word only European Portuguese (pt-PT)
 * uses, or its spelling, in any pt value fails here, so the two variants cannot mix again.
 */
const ptDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales/pt');

/** pt-PT words and forms, each with the pt-BR one to use instead (whole words, any case). */
const PT_PT: [RegExp, string][] = [
  [/\butilizador(es|a|as)?\b/i, 'usuário'],
  [/\becrãs?\b/i, 'tela'],
  [/\bseparador(es)?\b/i, 'aba'],
  [/\bdefinições\b/i, 'configurações'],
  [/\bpalavras?-passe\b/i, 'senha'],
  [/\bficheiros?\b/i, 'arquivo'],
  [/\beliminad[oa]s?\b|\belimin(ar|e|a)\b/i, 'excluir, excluído'],
  [/\bguard(ar|e|ad[oa]s?)\b/i, 'salvar, salvo'],
  [/\b(inicie|iniciar|terminar|termine|início de) sessão\b/i, 'entrar, sair, login'],
  [/\bsessão (iniciada|terminada)\b/i, 'conectado, você saiu'],
  [/\b(repor|repost[oa]s?|reponha)\b/i, 'redefinir, restaurar'],
  [/\btelemóve(l|is)\b/i, 'celular'],
  [/\bregist(o|os|ar|ado|ados|ada|adas)\b/i, 'registro, cadastrar, registrado'],
  [/\bcontact(ar|e|o|os)\b/i, 'contato, entrar em contato'],
  [/\bcontrolos?\b/i, 'controle'],
  [/\bequipas?\b/i, 'equipe'],
  [/\bsecç(ão|ões)\b/i, 'seção'],
  // ("gestão" is Brazilian too: Gestão de usuários.)
  [/\bger(ir|e|em)\b/i, 'gerenciar'],
  [/\bliga(ção|ções)\b/i, 'conexão'],
  [/\bdemasiad[oa]s?\b/i, 'demais, muito'],
  [/\bmais pequen[oa]s?\b/i, 'menor'],
  [/\bpor omissão\b/i, 'por padrão'],
  [/\bintroduz(a|ir|ido|ida)\b/i, 'digitar, informar'],
  [/\bprima\b/i, 'pressione'],
  [/\banfitriã(o|es)\b/i, 'host'],
  [/\bsistema operativo\b/i, 'sistema operacional'],
  [/\bmonitoriz/i, 'monitorar'],
  [/\bem direto\b/i, 'ao vivo'],
  [/\bbrevemente\b/i, 'em breve'],
  [/\balgarismos?\b/i, 'dígitos'],
  [/\bdescarreg/i, 'baixar'],
  [/\blibert(ar|e)\b/i, 'liberar'],
  [/\banulad[oa]s?\b|\banular\b/i, 'desfazer, desfeito'],
  [/\btem de\b|\btêm de\b/i, 'precisa, tem que'],
  [/\brece(ç|c)ão\b/i, 'recepção'],
  [/\bfacto\b/i, 'fato'],
  [/\bp\. ex\./i, 'ex.:'],
  [/\bcorreu mal\b/i, 'deu errado'],
  [/\bmicroondas\b|\brato\b/i, 'mouse'],
  [/\bfotografia\b/i, 'foto'],
  [/\bnuma?s?\b/i, 'em um, em uma'],
  // European Portuguese "a + infinitive" for an action in progress ("A carregar…"): Brazilian uses the gerund.
  [/(^|[.!?…:]\s*)A (?!partir\b)[a-zà-ú]+(ar|er|ir)\b|\b(está|estão|estamos|estou) a [a-zà-ú]+(ar|er|ir)\b/i, 'carregando, verificando'],
];

type Dict = { [key: string]: unknown };

function leaves(dict: Dict, prefix = ''): [string, string][] {
  return Object.entries(dict).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leaves(value as Dict, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

const files = readdirSync(ptDir).filter((f) => f.endsWith('.json'));

describe('Portuguese is Brazilian Portuguese only', () => {
  it('has pt files to check', () => {
    expect(files).toEqual(expect.arrayContaining(['common.json', 'menu.json', 'users.json']));
  });

  it('catches a pt-PT word (the check itself works)', () => {
    const hits = (text: string) => PT_PT.filter(([pattern]) => pattern.test(text)).map(([, use]) => use);
    expect(hits('Definições do utilizador')).toEqual(['usuário', 'configurações']);
    expect(hits('A carregar…')).toEqual(['carregando, verificando']);
    expect(hits('Carregando… A partir de hoje, a sua conta')).toEqual([]);
  });

  it.each(files)('%s has no pt-PT word or form', (file) => {
    const dict = JSON.parse(readFileSync(path.join(ptDir, file), 'utf8')) as Dict;
    const found = leaves(dict).flatMap(([key, text]) =>
      PT_PT.filter(([pattern]) => pattern.test(text)).map(
        ([pattern, use]) => `${key}: "${text}" matches ${String(pattern)} (pt-BR: ${use})`,
      ),
    );
    expect(found).toEqual([]);
  });
});
