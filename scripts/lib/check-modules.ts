// The module hygiene check run by `npm run lint` (scripts/check-modules.ts), offline
// (TypeScript's own parser, no network, no new package): a file under src/ that nothing
// reaches, an export under src/ that no other file imports, and an import loop anywhere under
// src/ (type-only imports and import() count: a loop of types still ties two files so neither
// can be read or moved alone).
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Exports kept although nothing imports them yet, each with its reason. An entry whose export
 * is imported (or gone) is itself a finding, so the list cannot outlive its reason.
 */
export const KEPT_EXPORTS: ReadonlyMap<string, string> = new Map<string, string>([]);

/** The findings for the repository at `cwd` (one line each), and how many files were read. */
export function checkModules(
  cwd: string,
  keptExports: ReadonlyMap<string, string> = KEPT_EXPORTS,
): { findings: string[]; files: number } {
  /** Folders whose TypeScript files are read: the product, and everything that imports it. */
  const scanned = ['src', 'brands', 'tests', 'bench', 'scripts', 'sandbox', 'audit'];
  /** Folders skipped inside them: generated or separate projects. */
  const skipped = new Set(['node_modules', 'peers', 'build']);

  /**
   * Where the product starts: the Worker (wrangler.toml's main) and the two browser entries
   * (scripts/build-client.mjs). Every tool folder's file is an entry too (scripts, benches,
   * the sandbox, the audit), and so is every test, but a src/ file that only tests reach is dead.
   */
  const productEntries = ['src/worker/index.ts', 'src/ui/client/main.ts', 'src/ui/client/islands.ts'];

  function walk(dir: string, out: string[]): void {
    for (const name of readdirSync(join(cwd, dir))) {
      if (skipped.has(name)) continue;
      const path = join(dir, name);
      if (statSync(join(cwd, path)).isDirectory()) walk(path, out);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
    }
  }

  const files: string[] = [];
  for (const dir of scanned) if (existsSync(join(cwd, dir))) walk(dir, files);
  const fileSet = new Set(files);
  const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('tests/');

  function resolveImport(from: string, spec: string): string | undefined {
    if (!spec.startsWith('.')) return undefined;
    const base = join(dirname(from), spec).replace(/\.js$/, '');
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
      if (fileSet.has(candidate)) return candidate;
    return undefined;
  }

  interface ModuleFacts {
    /** Names this file exports itself (not re-exports). */
    exports: Map<string, number>;
    /** Every edge to another scanned file, with the names it takes ('*' for all of them). */
    imports: { target: string; names: string[]; line: number }[];
    /** `export * from` targets: the names used through this file count for the target. */
    starExports: string[];
    /** `export { a as b } from` targets: b used through this file counts as a used there. */
    reExports: { target: string; local: string; exported: string }[];
  }

  const facts = new Map<string, ModuleFacts>();

  function hasExport(node: ts.Node): boolean {
    return (
      ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    );
  }

  function hasDefault(node: ts.Node): boolean {
    return (
      ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
    );
  }

  for (const file of files) {
    const text = readFileSync(join(cwd, file), 'utf8');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const m: ModuleFacts = { exports: new Map(), imports: [], starExports: [], reExports: [] };
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const target = resolveImport(file, statement.moduleSpecifier.text);
        if (!target) continue;
        const clause = statement.importClause;
        const names: string[] = [];
        if (clause?.name) names.push('default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
        m.imports.push({ target, names, line: lineOf(statement) });
      } else if (ts.isExportDeclaration(statement)) {
        const spec = statement.moduleSpecifier;
        const target = spec && ts.isStringLiteral(spec) ? resolveImport(file, spec.text) : undefined;
        if (spec && !target) continue;
        const clause = statement.exportClause;
        if (target && !clause) {
          m.starExports.push(target);
          m.imports.push({ target, names: [], line: lineOf(statement) });
        } else if (clause && ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            const local = (element.propertyName ?? element.name).text;
            if (target) m.reExports.push({ target, local, exported: element.name.text });
            else m.exports.set(element.name.text, lineOf(element));
          }
          if (target) m.imports.push({ target, names: [], line: lineOf(statement) });
        } else if (target && clause && ts.isNamespaceExport(clause)) {
          m.imports.push({ target, names: ['*'], line: lineOf(statement) });
        }
      } else if (ts.isExportAssignment(statement)) {
        m.exports.set('default', lineOf(statement));
      } else if (hasExport(statement)) {
        if (hasDefault(statement)) m.exports.set('default', lineOf(statement));
        else if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations)
            if (ts.isIdentifier(declaration.name)) m.exports.set(declaration.name.text, lineOf(declaration));
        } else if (
          (ts.isFunctionDeclaration(statement) ||
            ts.isClassDeclaration(statement) ||
            ts.isInterfaceDeclaration(statement) ||
            ts.isTypeAliasDeclaration(statement) ||
            ts.isEnumDeclaration(statement)) &&
          statement.name
        )
          m.exports.set(statement.name.text, lineOf(statement));
      }
    }
    // import('x') and import('x').Type anywhere: the whole module is taken.
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const target = resolveImport(file, node.arguments[0].text);
        if (target) m.imports.push({ target, names: ['*'], line: lineOf(node) });
      } else if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        const target = resolveImport(file, node.argument.literal.text);
        if (target) m.imports.push({ target, names: ['*'], line: lineOf(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    facts.set(file, m);
  }

  const findings: string[] = [];
  const inProduct = (f: string) => f.startsWith('src/') && !isTest(f);

  // 1. Files under src/ that no entry reaches (tests do not count: code only a test calls is dead).
  const reached = new Set<string>();
  const queue = [
    ...productEntries,
    ...files.filter((f) => !f.startsWith('src/') && !f.startsWith('brands/') && !isTest(f)),
  ];
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || reached.has(file)) continue;
    reached.add(file);
    for (const edge of facts.get(file)?.imports ?? []) queue.push(edge.target);
  }
  for (const file of files)
    if (inProduct(file) && !reached.has(file)) findings.push(`${file}: unused file (no entry imports it)`);

  // 2. Exports under src/ that no other file imports. Names used through a barrel's
  // `export *` or `export { x } from` count for the file that declares them.
  const used = new Map<string, Set<string>>();
  const markUsed = (file: string, name: string, seen = new Set<string>()): void => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const set = used.get(file) ?? new Set<string>();
    set.add(name);
    used.set(file, set);
    const m = facts.get(file);
    if (!m) return;
    for (const re of m.reExports)
      if (name === '*' || re.exported === name) markUsed(re.target, name === '*' ? '*' : re.local, seen);
    for (const star of m.starExports) markUsed(star, name, seen);
  };
  for (const [file, m] of facts)
    for (const edge of m.imports) {
      if (edge.target === file) continue;
      for (const name of edge.names) markUsed(edge.target, name);
    }
  for (const [file, m] of facts) {
    if (!inProduct(file) || productEntries.includes(file) || !reached.has(file)) continue;
    const names = used.get(file) ?? new Set<string>();
    if (names.has('*')) continue;
    // An export its own file uses is only a wider door than needed, not dead code: flagged only
    // when nothing at all reads the name.
    const text = readFileSync(join(cwd, file), 'utf8');
    for (const [name, line] of m.exports) {
      if (names.has(name) || name === 'default') continue;
      const uses = text.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
      if (uses <= 1 && !keptExports.has(`${file}#${name}`))
        findings.push(`${file}:${line}: export '${name}' is used nowhere`);
    }
  }
  for (const key of keptExports.keys()) {
    const [file = '', name = ''] = key.split('#');
    const declared = facts.get(file)?.exports.has(name) ?? false;
    if (!declared || used.get(file)?.has(name))
      findings.push(`${key}: listed in keptExports but ${declared ? 'now imported' : 'gone'}: drop the entry`);
  }

  // 3. Import loops under src/ (Tarjan's strongly connected components over every edge).
  const graph = new Map<string, string[]>();
  for (const [file, m] of facts)
    if (file.startsWith('src/'))
      graph.set(file, [...new Set(m.imports.map((e) => e.target).filter((t) => t.startsWith('src/')))]);
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const strongConnect = (v: string): void => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, order.get(w) ?? 0));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) {
          onStack.delete(w);
          component.push(w);
        }
      } while (w && w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) findings.push(`import loop: ${component.sort().join(' <-> ')}`);
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) strongConnect(v);
  return { findings, files: files.length };
}
