// The contact form's fields in the order shown (000 §5: name, email and message
// required; tel and email input types).
export type ContactFieldName = "name" | "email" | "phone" | "company" | "subject" | "message";
export type ContactValues = Record<ContactFieldName, string>;

export interface ContactField {
  name: ContactFieldName;
  label: string;
  required: boolean;
  type: "text" | "email" | "tel";
  autoComplete?: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

export const FORM_FIELDS: readonly ContactField[] = [
  { name: "name", label: "姓名", required: true, type: "text", autoComplete: "name" },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" },
  { name: "phone", label: "電話", required: false, type: "tel", autoComplete: "tel" },
  { name: "company", label: "公司名稱", required: false, type: "text", autoComplete: "organization" },
  { name: "subject", label: "主旨", required: false, type: "text", wide: true },
  { name: "message", label: "訊息內容", required: true, type: "text", wide: true },
];

export const emptyValues = (): ContactValues => ({ name: "", email: "", phone: "", company: "", subject: "", message: "" });

/** The form's values from anything posted: unknown keys dropped, non-text ignored. */
export function valuesFrom(input: Record<string, unknown>, base: ContactValues = emptyValues()): ContactValues {
  const values = { ...base };
  for (const field of FORM_FIELDS) {
    const value = input[field.name];
    if (typeof value === "string") values[field.name] = value;
  }
  return values;
}
