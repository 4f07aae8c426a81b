/** A data table's column headings (`<thead>`, each `th scope="col"`), for islands and, rendered on the server without hydration, for pages. */
export default function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
