// The product's route table, read from this app's routes folder, where `emptyPages` puts a page
// that renders only its name and its outlet for every route of the product.
export { default } from "../../../../app/routes";
