// Validates an OpenAPI document with an independent validator (@apidevtools/swagger-parser), so
// that a document client generators would reject fails make test.
// Usage: node web/scripts/validate-openapi.mjs FILE
import SwaggerParser from '@apidevtools/swagger-parser';

const file = process.argv[2];
try {
  await SwaggerParser.validate(file);
} catch (err) {
  console.error(`${file} is not a valid OpenAPI document: ${err.message}`);
  process.exit(1);
}
