// Small DOM helpers the tabs share.

/** A function that appends a cell holding `content` (with an optional class) to the table row `row`
 * and returns the cell. */
export const cellAdder = (row) => (content, className) => {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.append(content);
  row.append(td);
  return td;
};
