export default "/event/@id/tickets";
