;; hash-set of an infinite lazy seq (a lazy seq may hash without realising it all)
;; family: infinite
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(hash-set (range))
