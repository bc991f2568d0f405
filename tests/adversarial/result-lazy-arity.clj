;; the program's value is a lazy seq whose generator has the wrong arity: the error must be the run's, not an uncaught C++ exception
;; family: result
;; expect: arity
;; limits: --timeout-ms 500 --max-steps 2000000
(repeatedly (fn f [x] (f x)))
