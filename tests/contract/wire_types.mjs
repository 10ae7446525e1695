// Prints the interfaces a TypeScript file exports, as the TypeScript compiler sees them:
// {"Name": {"field": {"optional": bool, "nullable": bool, "kind": "string|number|boolean|array<..>|<Ref>"}}}.
// Inherited members and aliases are resolved by the type checker, not by reading the text.
import ts from "typescript";

const file = process.argv[2];
const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(file);
if (!source) throw new Error(`cannot read ${file}`);

function kind(type) {
  if (type.isUnion()) {
    const parts = [...new Set(type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map(kind))];
    // A union of string literals (Realm) or of true | false is still one primitive.
    return parts.length === 1 ? parts[0] : parts.sort().join("|");
  }
  if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return "string";
  if (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return "number";
  if (type.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return "boolean";
  if (type.flags & ts.TypeFlags.Unknown || type.flags & ts.TypeFlags.Any) return "any";
  if (checker.isArrayType(type)) return `array<${kind(checker.getTypeArguments(type)[0])}>`;
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol ? symbol.getName() : checker.typeToString(type);
}

const out = {};
const moduleSymbol = checker.getSymbolAtLocation(source);
for (const exported of checker.getExportsOfModule(moduleSymbol)) {
  const decl = exported.declarations?.[0];
  if (!decl || !ts.isInterfaceDeclaration(decl)) continue;
  const type = checker.getDeclaredTypeOfSymbol(exported);
  const fields = {};
  for (const prop of checker.getPropertiesOfType(type)) {
    const propType = checker.getTypeOfSymbolAtLocation(prop, decl);
    const members = propType.isUnion() ? propType.types : [propType];
    fields[prop.getName()] = {
      optional: (prop.flags & ts.SymbolFlags.Optional) !== 0,
      nullable: members.some((t) => t.flags & ts.TypeFlags.Null),
      kind: kind(propType),
    };
  }
  out[exported.getName()] = fields;
}
process.stdout.write(JSON.stringify(out, null, 1));
