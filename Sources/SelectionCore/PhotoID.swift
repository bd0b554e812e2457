/// A photo's identity at the edge of the system: in traces, reports and the reference model.
public typealias PhotoID = String
