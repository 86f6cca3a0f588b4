import ts from 'typescript';

/** An exported function that takes more parameters than the rule allows. */
export interface WideFunction {
  name: string;
  line: number;
  params: number;
}

/** More than this many parameters and an exported service function takes one options object. */
const MAX_PARAMS = 3;

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * The exported functions of one file (declarations and `export const f = (…) => …` / `function`
 * expressions) with more than `MAX_PARAMS` parameters; optional and rest parameters count.
 */
export function findWideFunctions(fileName: string, text: string): WideFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: WideFunction[] = [];
  const report = (name: string, node: ts.Node, params: number) => {
    if (params > MAX_PARAMS) {
      found.push({ name, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, params });
    }
  };
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      report(statement.name.text, statement, statement.parameters.length);
    } else if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        let init = decl.initializer;
        while (
          init &&
          (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
        ) {
          init = init.expression;
        }
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(decl.name)) {
          report(decl.name.text, decl, init.parameters.length);
        }
      }
    }
  }
  return found;
}
