/**
 * The tax number of a company (税号 / 统一社会信用代码) in the member centre's forms: 15, 18 or 20 letters and digits, and for an
 * 18-character credit code the check character of GB 32100-2015 (src/shared/validation/uscc.ts), warned about as it is typed
 * but never blocking the save, since some real early codes fail it.
 */
import { useState } from 'react';
import Field from '#src/shared/ui/Field.tsx';
import { usccWarning } from '#src/shared/validation/uscc.ts';

interface Props {
  label: string;
  error?: string | null;
  defaultValue?: string;
  hint?: string;
}

export default function TaxNoField({ label, error, defaultValue = '', hint = '15、18 或 20 位字母和数字' }: Props) {
  const [warning, setWarning] = useState(() => usccWarning(defaultValue));
  return (
    <Field label={label} name="taxNo" required error={error} hint={hint} warning={warning}>
      {(p) => (
        <input
          {...p}
          defaultValue={defaultValue}
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setWarning(usccWarning(e.currentTarget.value))}
        />
      )}
    </Field>
  );
}
