import ts from 'typescript';
import { TypeSchemas, type Answer } from './type-schemas.js';

const FILE = '/project/src/area.controller.ts';

/** What the handlers of a controller written in `source` answer, read as the contract's build reads them. */
function answersOf(source: string): { answers: Record<string, Answer>; components: Record<string, unknown> } {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, strict: true, noLib: false, lib: ['lib.es2022.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === FILE ? source : readFile(name));
  host.fileExists = (
    (exists) => (name: string) =>
      name === FILE || exists(name)
  )(host.fileExists.bind(host));
  host.getSourceFile = ((get) => (name: string, language: ts.ScriptTarget | ts.CreateSourceFileOptions) =>
    name === FILE ? ts.createSourceFile(name, source, language, true) : get(name, language))(host.getSourceFile.bind(host));
  const program = ts.createProgram([FILE], options, host);
  const types = new TypeSchemas(program.getTypeChecker(), (file) => file.startsWith('/project/src/'), new Set(['TakenDto']));
  types.learnAliases(program.getSourceFiles());
  const answers: Record<string, Answer> = {};
  const file = program.getSourceFile(FILE)!;
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement) || statement.name?.text !== 'Handlers') continue;
    for (const member of statement.members)
      if (ts.isMethodDeclaration(member)) answers[member.name.getText()] = types.answerOf(program.getTypeChecker().getSignatureFromDeclaration(member));
  }
  return { answers, components: Object.fromEntries(types.components) };
}

const PRELUDE = `
  class StreamableFile { constructor(readonly bytes: string) {} }
  class WithMessage<T> { constructor(readonly data: T, readonly message: string) {} }
  class Decimal { constructor(private readonly text: string) {} toJSON(): string { return this.text; } }
`;

describe('TypeSchemas: what a handler answers, from its return type', () => {
  it('names the interfaces of the project and writes a generic one after its argument', () => {
    const { answers, components } = answersOf(`${PRELUDE}
      interface Page<T> { items: T[]; totalCount: number }
      /** A customer as the lists show it. */
      interface CustomerRow { id: number; companyName: string }
      class Handlers { async list(): Promise<Page<CustomerRow>> { return { items: [], totalCount: 0 }; } }`);
    expect(answers.list).toEqual({ kind: 'json', schema: { $ref: '#/components/schemas/Page_CustomerRow' } });
    expect(components.Page_CustomerRow).toEqual({
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/CustomerRow' } }, totalCount: { type: 'number' } },
      required: ['items', 'totalCount'],
    });
    expect(components.CustomerRow).toMatchObject({ description: 'A customer as the lists show it.', required: ['id', 'companyName'] });
  });

  it('follows JSON: dates and toJSON values as strings, null as nullable, optional and undefined fields not required, methods left out', () => {
    const { answers } = answersOf(`${PRELUDE}
      class Handlers {
        detail() {
          return { at: new Date(), amount: new Decimal('1.50'), note: null as string | null, status: 'open' as 'open' | 'closed', gone: undefined, maybe: 1 as number | undefined, toString() { return ''; } };
        }
      }`);
    expect(answers.detail).toEqual({
      kind: 'json',
      schema: {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' },
          amount: { type: 'string' },
          note: { type: 'string', nullable: true },
          status: { type: 'string', enum: ['closed', 'open'] },
          maybe: { type: 'number' },
        },
        required: ['at', 'amount', 'note', 'status'],
      },
    });
  });

  it('reads the data of a WithMessage, knows a file, and answers null for a handler that returns nothing', () => {
    const { answers } = answersOf(`${PRELUDE}
      interface Claimed { id: number }
      class Handlers {
        async claim() { return new WithMessage<Claimed>({ id: 1 }, 'claimed'); }
        export() { return new StreamableFile('x'); }
        async remove(): Promise<void> {}
      }`);
    expect(answers.claim).toEqual({ kind: 'json', schema: { $ref: '#/components/schemas/Claimed' } });
    expect(answers.export).toEqual({ kind: 'file' });
    expect(answers.remove).toEqual({ kind: 'json', schema: { type: 'object', nullable: true, enum: [null] } });
  });

  it('writes a named type or null as any of the two, and null beside a union as one more choice (nullable needs a type beside it)', () => {
    const { answers } = answersOf(`${PRELUDE}
      interface Port { id: number }
      class Handlers {
        port() { return null as Port | null; }
        either() { return null as string | number | null; }
        anything() { return null as unknown; }
      }`);
    const NULL = { type: 'object', nullable: true, enum: [null] };
    expect(answers.port).toEqual({ kind: 'json', schema: { anyOf: [{ $ref: '#/components/schemas/Port' }, NULL] } });
    expect(answers.either).toEqual({ kind: 'json', schema: { anyOf: [{ type: 'string' }, { type: 'number' }, NULL] } });
    expect(answers.anything).toEqual({ kind: 'json', schema: {} });
  });

  it('names an inferred type after the exported alias that stands for it, apart from names already taken', () => {
    const { answers, components } = answersOf(`${PRELUDE}
      function view(id: number) { return { id, label: 'x' }; }
      export type OrderView = ReturnType<typeof view>;
      export interface TakenDto { id: number }
      class Handlers { detail() { return view(1); } taken(): TakenDto { return { id: 1 }; } }`);
    expect(answers.detail).toEqual({ kind: 'json', schema: { $ref: '#/components/schemas/OrderView' } });
    expect(Object.keys(components)).toContain('OrderView');
    // a request DTO owns its name: an answer's type of that name is told apart by its file
    expect(answers.taken).toEqual({ kind: 'json', schema: { $ref: '#/components/schemas/AreaTakenDto' } });
  });
});
